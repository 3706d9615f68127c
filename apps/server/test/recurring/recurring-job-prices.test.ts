import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights, type GroupRights } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * One rule for a recurring job's lines (docs/recurring.md, "Prices of recurring
 * jobs", core recurringPricesWithheld): their prices are withheld from a member
 * without invoices r in GET /recurring/calender, its item, `all` and the Sage
 * CSV alike, and such a member's save keeps the stored lines.
 */
let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let id: string;
const url = (cid: string, rest: string) => `/api/companies/${cid}/recurring/${rest}`;
const none = { r: false, c: false, u: false, d: false };
const priced = [line({ description: 'Service the geyser', qty: 1, price: 450 })];

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  const entityId = await buildClient(co.owner.api, co.id, { name: 'Sipho' });
  const r = await co.owner.api.post(url(co.id, 'calender'), {
    startDate: '2031-05-02',
    recurringType: 'month',
    dayOfMonth: 2,
    faultDescription: 'Service the geyser',
    entityId,
    descriptions: priced,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  id = r.body._id;
}, 60_000);
afterAll(() => h.close());

const member = (rights: Partial<GroupRights>) =>
  buildMember(h, co.id, { ...allRights(true), ...rights } as GroupRights);
const prices = (items: { descriptions: { price: number }[] }[]) =>
  items.flatMap((i) => i.descriptions.map((d) => d.price));

describe('GET /recurring/calender', () => {
  it('answers the lines with their prices to a member with invoices r', async () => {
    const r = await co.owner.api.get(url(co.id, 'calender'));
    expect(r.status).toBe(200);
    expect(prices(r.body)).toEqual([450]);
    const reader = await member({ invoices: { ...none, r: true } });
    expect(prices((await reader.api.get(url(co.id, 'calender'))).body)).toEqual([450]);
  });

  it('withholds them from a member with appointments r but not invoices r (list, item, all)', async () => {
    const m = await member({ invoices: none });
    const list = await m.api.get(url(co.id, 'calender'));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ _id: id, descriptions: [], discount: null, total: 0 });
    expect(list.body[0].faultDescription).toBe('Service the geyser');
    const one = await m.api.get(url(co.id, `calender/${id}`));
    expect(one.status).toBe(200);
    expect(one.body.descriptions).toEqual([]);
    const all = await m.api.get(url(co.id, 'all'));
    expect(prices(all.body)).toEqual([]);
  });

  it('keeps the stored lines when such a member saves the job (it cannot see them)', async () => {
    const m = await member({ invoices: none });
    const r = await m.api.post(url(co.id, 'calender'), {
      _id: id,
      startDate: '2031-05-02',
      recurringType: 'month',
      dayOfMonth: 2,
      faultDescription: 'Service the geyser twice',
      descriptions: [line({ description: 'Free', qty: 1, price: 0 })],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = await co.owner.api.get(url(co.id, `calender/${id}`));
    expect(seen.body.faultDescription).toBe('Service the geyser twice');
    expect(prices([seen.body])).toEqual([450]);
  });

  it('401 without a token, 403 without appointments r, 404 for another company', async () => {
    expect((await anonymous(h).get(url(co.id, 'calender'))).status).toBe(401);
    const m = await member({ appointments: none });
    expect((await m.api.get(url(co.id, 'calender'))).status).toBe(403);
    expect((await other.owner.api.get(url(co.id, 'calender'))).status).toBe(404);
    expect((await other.owner.api.get(url(other.id, `calender/${id}`))).status).toBe(404);
  });
});
