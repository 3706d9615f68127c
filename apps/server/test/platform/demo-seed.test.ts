import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@fieldbook/core';
import { insertSession } from '../../src/platform/sessions.repo.js';
import { newToken } from '../../src/platform/crypto.js';
import { findUserByUsername } from '../../src/areas/auth/auth.repo.js';
import { DEMO, seedDemoIfEmpty } from '../../src/seed/demo.js';
import { ApiClient, type Loose } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let api: ApiClient;
let cid: string;
beforeAll(async () => {
  h = await startHarness();
  expect(await seedDemoIfEmpty(h.deps)).toEqual(DEMO);
  const user = (await findUserByUsername(h.deps.database.db, DEMO.username))!;
  const t = newToken();
  await insertSession(h.deps.database.db, user.id, t.hash, 'test');
  api = new ApiClient(h, DEMO.username, t.token);
  const companies = await api.get('/api/companies');
  cid = companies.body.find((c: Loose) => c.companyName === 'Dlamini Plumbing & Electrical')._id;
}, 60_000);
afterAll(() => h.close());

const sum = (xs: Loose[], f: (x: Loose) => number) =>
  xs.reduce((a, x) => a.plus(dec(f(x))), dec(0)).toNumber();

describe('the demo company', () => {
  it('has client types, clients, suppliers and a price list', async () => {
    expect((await api.get(`/api/companies/${cid}/entityTemplate`)).body).toHaveLength(2);
    const clients = (await api.get(`/api/companies/${cid}/entities`)).body;
    expect(clients.length).toBe(12);
    expect(clients.some((c: Loose) => c.googlePosition === null)).toBe(true);
    expect((await api.get(`/api/companies/${cid}/suppliers`)).body).toHaveLength(3);
    const items = (await api.get(`/api/companies/${cid}/items`)).body;
    expect(items.length).toBe(8);
  });

  it('has a year of quotes and invoices, paid, unpaid and overdue, whose figures agree', async () => {
    const q = 'type=1&from=2000-01-01&to=2100-12-31';
    const rows: Loose[] = (await api.get(`/api/companies/${cid}/invoices?${q}`)).body;
    expect(rows.length).toBeGreaterThan(80);
    expect(rows.some((r) => r.isQuote)).toBe(true);
    expect(rows.some((r) => !r.isQuote && r.paid)).toBe(true);
    const open = rows.filter((r) => !r.isQuote && !r.paid);
    expect(open.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(open.some((r) => r.dueDate < today)).toBe(true);

    // The boxes, the rows and the clients' outstanding agree to the cent.
    const summary = (await api.get(`/api/companies/${cid}/invoices/summary?${q}`)).body;
    expect(summary.outstanding).toBe(
      sum(
        rows.filter((r) => !r.isQuote),
        (r) => r.balance,
      ),
    );
    const clients: Loose[] = (await api.get(`/api/companies/${cid}/entities`)).body;
    expect(sum(clients, (c) => c.outstanding)).toBe(summary.outstanding);

    // A client's statement closes on its outstanding.
    const client = clients.find((c) => c.outstanding > 0)!;
    const st = (await api.get(`/api/companies/${cid}/entities/${client._id}/statement`)).body;
    expect(st.total).toBe(client.outstanding);
  });

  it('has expenses over the year, some unpaid', async () => {
    const q = 'type=1&from=2000-01-01&to=2100-12-31';
    const rows: Loose[] = (await api.get(`/api/companies/${cid}/expenses?${q}`)).body;
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.some((r) => !r.paid)).toBe(true);
    expect(rows.some((r) => r.hasWarranty)).toBe(true);
  });

  it('has recurring invoices, an expense and a job, each with its next dates, made from today on', async () => {
    const items: Loose[] = (await api.get(`/api/companies/${cid}/recurring/all`)).body;
    expect(items.map((i) => i.type).sort()).toEqual([
      'calender',
      'expenses',
      'invoices',
      'invoices',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    for (const i of items) {
      expect(i.nextRuns).toHaveLength(5);
      expect(i.lastRunDate).toBeNull();
      // A day either side of UTC's date: the company's date is Johannesburg's.
      expect(i.nextRuns[0] >= today.slice(0, 8) + '01').toBe(true);
    }
  });

  it("has an income statement whose months add up to the year's invoices and expenses", async () => {
    const y = new Date().getUTCFullYear();
    const q = `type=1&from=${y - 1}-01-01&to=${y + 1}-12-31`;
    const st = await api.get(`/api/companies/${cid}/accounts/incomeStatement?${q}`);
    expect(st.status, JSON.stringify(st.body)).toBe(200);
    const entries = Object.values(st.body as Record<string, Loose[]>).flat();
    const costs = sum(
      entries.filter((e) => !e.income),
      (e) => e.total,
    );
    const expenses: Loose[] = (await api.get(`/api/companies/${cid}/expenses?${q}`)).body;
    expect(costs).toBe(sum(expenses, (x) => x.price));
    expect(entries.some((e) => e.income && e.total > 0)).toBe(true);
  });
});

describe("the demo technician's day", () => {
  it('has eight visits today, one at a client never placed on the map', async () => {
    const cards: Loose[] = (await api.get(`/api/companies/${cid}/appointments/activeJobs`)).body;
    const tech = (await findUserByUsername(h.deps.database.db, 'thandi'))!;
    const day = cards.filter((c) => c.userId === tech.id);
    expect(day).toHaveLength(8);
    expect(day.filter((c) => !c.positionVerified).map((c) => c.faultDescription)).toEqual([
      'Replace the bathroom mixer',
    ]);
    expect(new Set(day.map((c) => c.startDate)).size).toBe(8);
  });
});

describe("the demo's dashboard", () => {
  it('has a conversation with the technician, her last word unread, and a coupon given to her', async () => {
    const rooms: Loose[] = (await api.get(`/api/rooms?companyId=${cid}`)).body.rooms;
    expect(rooms).toHaveLength(1);
    const tech = (await findUserByUsername(h.deps.database.db, 'thandi'))!;
    expect(rooms[0]!.users.map((u: Loose) => u._id)).toContain(tech.id);
    expect(rooms[0]!.unread).toBe(1);
    const talk = (await api.get(`/api/rooms/${rooms[0]!._id}`)).body.conversation;
    expect(talk.messages).toHaveLength(4);
    expect(talk.messages.at(-1).user._id).toBe(tech.id);
    const tasks: Loose[] = (await api.get(`/api/tasks?companyId=${cid}`)).body.tasks;
    expect(tasks).toEqual([
      expect.objectContaining({
        state: 'active',
        name: 'Lunch on us for the Voortrekker Road job',
      }),
    ]);
  });
});
