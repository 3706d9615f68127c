import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { createAuthService } from '../../src/areas/auth/auth.service.js';
import { joinCompany } from '../../src/areas/companies/index.js';
import { companiesService } from '../../src/compose.js';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { systemCaller } from '../../src/platform/access.js';
import { appointments, expenses, recurringRuns } from '../../src/db/schema/index.js';
import { buildCompany, buildMember } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let clientId: string;
const db = () => h.deps.database.db;
const url = (rest: string) => `/api/companies/${co.id}/recurring/${rest}`;
/** Noon in Johannesburg (the company's zone) of a date. */
const at = (ymd: string) => new Date(`${ymd}T10:00:00Z`);

async function create(type: string, body: Record<string, unknown>): Promise<string> {
  const r = await co.owner.api.post(url(type), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  clientId = await buildClient(co.owner.api, co.id);
});
afterAll(() => h.close());

describe('runDueRecurring: expenses and jobs', () => {
  it('makes expenses and jobs', async () => {
    const exp = await create('expenses', {
      startDate: '2032-01-01',
      recurringType: 'week',
      dayOfWeek: 4,
      description: 'Cleaning',
      price: '80,50',
    });
    const job = await create('calender', {
      startDate: '2032-01-01',
      recurringType: 'month',
      dayOfMonth: 2,
      startTime: '09:30',
      durationMinutes: 90,
      faultDescription: 'Service the pump',
      entityId: clientId,
    });
    await runDueRecurring(h.deps, at('2032-01-16'));
    const made = await db()
      .select()
      .from(expenses)
      .innerJoin(recurringRuns, eq(recurringRuns.documentId, expenses.id))
      .where(eq(recurringRuns.recurringItemId, exp))
      .orderBy(asc(expenses.expenseDate));
    expect(made.map((m) => [m.expenses.expenseDate, m.expenses.price])).toEqual([
      ['2032-01-02', '80.50'],
      ['2032-01-09', '80.50'],
      ['2032-01-16', '80.50'],
    ]);
    const jobsMade = await db()
      .select()
      .from(appointments)
      .innerJoin(recurringRuns, eq(recurringRuns.documentId, appointments.id))
      .where(eq(recurringRuns.recurringItemId, job));
    expect(jobsMade).toHaveLength(1);
    const j = jobsMade[0]!.appointments;
    // 09:30 in Johannesburg (UTC+2).
    expect(j.startDate.toISOString()).toBe('2032-01-02T07:30:00.000Z');
    expect(j.endDate.toISOString()).toBe('2032-01-02T09:00:00.000Z');
    expect(j).toMatchObject({ hasSchedule: true, faultDescription: 'Service the pump' });
    expect(j.entityId).toBe(clientId);
  });

  it('a member who left since is dropped from the job; the job is still made', async () => {
    const m = await buildMember(h, co.id, allRights(true));
    const id = await create('calender', {
      startDate: '2033-01-01',
      recurringType: 'month',
      dayOfMonth: 3,
      userId: m.id,
      assignedUsers: [m.id, co.owner.id],
    });
    await companiesService(h.deps, createAuthService(h.deps, joinCompany)).saveMember(
      co.id,
      m.id,
      { disabled: true },
      systemCaller(co.id),
    );
    await runDueRecurring(h.deps, at('2033-01-03'));
    const made = await db()
      .select()
      .from(appointments)
      .innerJoin(recurringRuns, eq(recurringRuns.documentId, appointments.id))
      .where(eq(recurringRuns.recurringItemId, id));
    expect(made).toHaveLength(1);
    expect(made[0]!.appointments.userId).toBeNull();
    expect(made[0]!.appointments.assignedUsers).toEqual([co.owner.id]);
    expect(made[0]!.appointments.hasSchedule).toBe(false);
  });
});
