import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_DISCOUNT, ZStatus, withNextFromLinks } from '@fieldbook/core';
import { openDatabase, type Database } from '../../src/db/client.js';
import { appointmentTypes, appointments, invoices, queueJobs } from '../../src/db/schema/index.js';
import { JOB_STATUS_AUTOMATION, statusEntryKey } from '../../src/areas/jobs/automations.js';

/**
 * N jobs entering 'Job Done' at once, written straight into the server's
 * database while it is stopped (PGlite allows one process at a time), as the
 * jobs service writes a save: the status, its entry and the entry's
 * automation job in one transaction. For the crash test and the bench.
 */

/** The server's database: its PGlite directory, or DATABASE_URL. */
export function openServerDatabase(env: Record<string, string>): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 2 })
    : openDatabase({ kind: 'pglite', dir: path.join(env.DATA_DIR!, 'db') });
}

/** 'On site' -> 'Job Done' (generate, send at once, move) -> 'Invoiced'. */
function jobDoneFlow() {
  const ids = ['On site', 'Job Done', 'Invoiced'].map(() => randomUUID());
  const s = (i: number, name: string, links: number[], over: object = {}) =>
    ZStatus.parse({
      id: ids[i],
      name,
      draw: { id: ids[i], x: i * 200, y: 0, linksTo: links.map((l) => ids[l]) },
      ...over,
    });
  return withNextFromLinks([
    s(0, 'On site', [1]),
    s(1, 'Job Done', [2], {
      autoGenerateInvoice: true,
      autoSendInvoiceClient: true,
      autoSendInvoiceClientFrequency: 'creation',
      autoMoveInvoiceClient: true,
    }),
    s(2, 'Invoiced', []),
  ]);
}

/** Inserts the type and `n` jobs of the client that have just entered 'Job Done'; answers their ids. */
export async function seedJobsEnteringDone(
  env: Record<string, string>,
  companyId: string,
  clientId: string,
  n: number,
): Promise<string[]> {
  const database = await openServerDatabase(env);
  try {
    const db = database.db;
    const flow = jobDoneFlow();
    const done = flow[1]!;
    return await db.transaction(async (tx) => {
      const [type] = await tx
        .insert(appointmentTypes)
        .values({ companyId, name: 'Geyser replacement', statuses: flow, components: [] })
        .returning({ id: appointmentTypes.id });
      const start = new Date('2026-11-26T08:00:00Z');
      const rows = await tx
        .insert(appointments)
        .values(
          Array.from({ length: n }, (_, i) => ({
            companyId,
            appointmentNumber: `JOB${String(i + 1).padStart(5, '0')}`,
            appointmentTypeId: type!.id,
            status: 'Job Done',
            hasSchedule: true,
            statusEntries: 1,
            startDate: start,
            endDate: new Date(start.getTime() + 3600_000),
            entityId: clientId,
            toEmail: `payer${i}@example.test`,
            lineItems: [
              {
                description: `Geyser ${i}`,
                qty: 1,
                price: 1000 + i,
                ledgerAccountId: null,
                itemId: null,
              },
            ],
            discount: DEFAULT_DISCOUNT,
            log: [{ s: 'Job Done', d: new Date().toISOString() }],
          })),
        )
        .returning({ id: appointments.id });
      await tx.insert(queueJobs).values(
        rows.map((r) => ({
          kind: JOB_STATUS_AUTOMATION,
          companyId,
          payload: { jobId: r.id, statusId: done.id, statusName: done.name, entry: 1 },
          dedupeKey: statusEntryKey(r.id, 1),
        })),
      );
      return rows.map((r) => r.id);
    });
  } finally {
    await database.close();
  }
}

export interface JobDoneState {
  jobs: number;
  /** Jobs whose `invoice_id` is set. */
  withInvoice: number;
  /** Invoices made for the jobs (appointment_id set), and of those, e-mailed on record. */
  invoices: number;
  invoicesSent: number;
  /** Invoices with more than one e-mail on record. */
  recordedTwice: number;
  movedToInvoiced: number;
  /** Invoice id per job id. */
  invoiceOf: Map<string, string>;
  /** Automation and send jobs not done. */
  unfinished: number;
}

/** What the database says about the jobs after the run. */
export async function readJobDoneState(
  env: Record<string, string>,
  companyId: string,
): Promise<JobDoneState> {
  const database = await openServerDatabase(env);
  try {
    const db = database.db;
    const js = await db
      .select({
        id: appointments.id,
        invoiceId: appointments.invoiceId,
        status: appointments.status,
        entries: appointments.statusEntries,
      })
      .from(appointments)
      .where(eq(appointments.companyId, companyId));
    const inv = await db
      .select({ id: invoices.id, sent: invoices.sent, emails: invoices.emails })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), sql`${invoices.appointmentId} is not null`));
    const open = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(queueJobs)
      .where(and(eq(queueJobs.companyId, companyId), sql`${queueJobs.state} <> 'done'`));
    return {
      jobs: js.length,
      withInvoice: js.filter((j) => j.invoiceId).length,
      invoices: inv.length,
      invoicesSent: inv.filter((i) => i.sent && i.emails.length > 0).length,
      recordedTwice: inv.filter((i) => i.emails.length > 1).length,
      movedToInvoiced: js.filter((j) => j.status === 'Invoiced' && j.entries === 2).length,
      invoiceOf: new Map(js.map((j) => [j.id, j.invoiceId ?? ''])),
      unfinished: open[0]?.n ?? 0,
    };
  } finally {
    await database.close();
  }
}
