import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  DEFAULT_DISCOUNT,
  ZComponent,
  ZStatus,
  withNextFromLinks,
  type TComponentInput,
  type TLine,
  type TStatus,
  type TStatusInput,
} from '@fieldbook/core';
import { jobAutomationHandlers } from '../../src/areas/jobs/automations.js';
import { deliveryHandlers } from '../../src/areas/delivery/delivery.queue.js';
import {
  JOB_STATUS_AUTOMATION,
  statusEntryKey,
} from '../../src/areas/jobs/job-automations.kinds.js';
import { appointmentTypes, appointments, queueJobs } from '../../src/db/schema/index.js';
import { enqueue, startWorker } from '../../src/platform/queue.js';
import type { Harness } from './harness.js';

/**
 * Types and jobs inserted directly (the jobs routes are another branch's),
 * status entries enqueued as the jobs service enqueues them, and the worker
 * run until nothing is due.
 */

/** A status: `links` are names of the statuses it leads to. */
export type StatusSpec = Omit<TStatusInput, 'id' | 'draw'> & { links?: string[] };

export function statuses(specs: StatusSpec[]): TStatus[] {
  const ids = new Map(specs.map((s) => [s.name, randomUUID()]));
  const list = specs.map(({ links = [], ...s }, i) =>
    ZStatus.parse({
      ...s,
      id: ids.get(s.name),
      draw: { id: ids.get(s.name), x: i * 200, y: 0, linksTo: links.map((l) => ids.get(l)) },
    }),
  );
  return withNextFromLinks(list);
}

export async function insertType(
  h: Harness,
  companyId: string,
  list: TStatus[],
  components: TComponentInput[] = [],
) {
  const [row] = await h.deps.database.db
    .insert(appointmentTypes)
    .values({
      companyId,
      name: `Type ${randomUUID().slice(0, 6)}`,
      statuses: list,
      components: components.map((c) => ZComponent.parse(c)),
    })
    .returning({ id: appointmentTypes.id });
  return row!.id;
}

let numbers = 0;

export interface JobSpec {
  typeId: string;
  status: string;
  entityId?: string | null;
  userId?: string | null;
  lineItems?: TLine[];
  toEmail?: string;
  faultDescription?: string;
  startDate?: Date;
  sendClientReminder?: boolean;
  values?: Record<string, string>;
}

/** A job already in `status` as its first entry (status_entries 1). */
export async function insertJob(h: Harness, companyId: string, j: JobSpec) {
  const start = j.startDate ?? new Date('2026-11-26T08:00:00Z');
  const [row] = await h.deps.database.db
    .insert(appointments)
    .values({
      companyId,
      appointmentNumber: `J${String(++numbers).padStart(5, '0')}`,
      appointmentTypeId: j.typeId,
      status: j.status,
      hasSchedule: true,
      statusEntries: 1,
      startDate: start,
      endDate: new Date(start.getTime() + 3600_000),
      isAllDayEvent: false,
      entityId: j.entityId ?? null,
      userId: j.userId ?? null,
      lineItems: j.lineItems ?? [
        { description: 'Geyser', qty: 1, price: 1000, ledgerAccountId: null, itemId: null },
      ],
      discount: DEFAULT_DISCOUNT,
      toEmail: j.toEmail ?? '',
      faultDescription: j.faultDescription ?? 'Leaking geyser',
      sendClientReminder: j.sendClientReminder ?? false,
      values: j.values ?? {},
      log: [{ s: j.status, d: new Date().toISOString() }],
    })
    .returning();
  return row!;
}

/** What the jobs service enqueues when a job enters a status with automations. */
export async function enter(
  h: Harness,
  companyId: string,
  jobId: string,
  status: TStatus,
  entry = 1,
  dedupeKey: string | undefined = statusEntryKey(jobId, entry),
) {
  return h.deps.database.db.transaction((tx) =>
    enqueue(tx, {
      kind: JOB_STATUS_AUTOMATION,
      companyId,
      payload: { jobId, statusId: status.id, statusName: status.name, entry },
      dedupeKey,
    }),
  );
}

export const allHandlers = (h: Harness) => ({
  ...jobAutomationHandlers(h.deps),
  ...deliveryHandlers(h.deps),
});

/** Runs `workers` workers until no job is due and none is running, then stops them. */
export async function runQueue(h: Harness, workers = 1, timeoutMs = 60_000) {
  const db = h.deps.database.db;
  const list = Array.from({ length: workers }, () =>
    startWorker(db, allHandlers(h), { concurrency: 4, leaseMs: 30_000, pollMs: 20 }),
  );
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(queueJobs)
        .where(and(eq(queueJobs.state, 'queued'), lte(queueJobs.runAt, sql`now()`)))) as [
        { n: number },
      ];
      if (n === 0) break;
      if (Date.now() > deadline) throw new Error(`${n} jobs still due`);
      await new Promise((r) => setTimeout(r, 30));
    }
  } finally {
    await Promise.all(list.map((w) => w.stop()));
  }
}

/** Makes queued jobs of these kinds due now (their gathered boundary has come). */
export async function makeDue(h: Harness, kinds: string[]) {
  await h.deps.database.db
    .update(queueJobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(queueJobs.state, 'queued'), inArray(queueJobs.kind, kinds)));
}

export async function jobRow(h: Harness, id: string) {
  const [row] = await h.deps.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

export const queueRows = (h: Harness, kind: string) =>
  h.deps.database.db.select().from(queueJobs).where(eq(queueJobs.kind, kind));
