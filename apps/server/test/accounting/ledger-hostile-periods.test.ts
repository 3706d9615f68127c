import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type ApiClient } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { invoicesUrl } from '../support/invoices-helpers.js';
import { accountsUrl, defaults } from '../support/ledger-helpers.js';

// Review of issue 12, finding 1 (DECISIONS §14, no 5xx): periods reaching
// outside 0001-01-01..9999-12-31 are a 400 naming the date sent.
let h: Harness;
let api: ApiClient;
let cid: string;

beforeAll(async () => {
  h = await startHarness();
  const co = await buildCompany(h);
  api = co.owner.api;
  cid = co.id;
}, 60_000);
afterAll(() => h?.close());

describe('hostile periods', () => {
  it('accountItems of month 0000-01 is a 400 naming period', async () => {
    const d = await defaults(api, cid);
    const r = await api.get(accountsUrl(cid, `/accountItems/0000-01/${d.income._id}/true`));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('period');
  });

  // [query, field at fault or null for a 200]
  const cases: [string, string | null][] = [
    ['to=0001-01-15&type=1', 'to'],
    ['to=0001-02-28&type=1', 'to'],
    ['from=9999-06-01&type=1', 'from'],
    ['from=0001-01-15&to=0001-02-01&type=1', null],
    ['from=9999-12-01&type=0', null],
  ];
  for (const [q, field] of cases) {
    for (const path of ['/incomeStatement', '/vat', '/download']) {
      it(`${path}?${q} -> ${field ? `400 naming ${field}` : 'answered'}`, async () => {
        const r = await api.get(accountsUrl(cid, `${path}?${q}`));
        if (field) {
          expect(r.status).toBe(400);
          expect(r.body.fields).toHaveProperty(field);
        } else expect(r.status).toBeLessThan(500);
      });
    }
    it(`invoices list ?${q} (same period reader) is not a 5xx`, async () => {
      const r = await api.get(`${invoicesUrl(cid)}?${q}`);
      if (field) {
        expect(r.status).toBe(400);
        expect(r.body.fields).toHaveProperty(field);
      } else expect(r.status).toBe(200);
    });
  }
});
