import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from '../support/jobs-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser & { groupId: string | null };
let typeId: string;

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  tech = await buildMember(h, cid, { appointments: { r: true, u: true, c: true } });
  const t = plumbingType();
  const flags = { hideItemCode: true, hideItemTax: true, hideAccount: true, hideSaveItem: true };
  t.components = t.components.map((comp) =>
    comp.prop === 'items'
      ? { ...comp, permissions: { 'st-new': { groups: { [tech.groupId!]: flags } } } }
      : comp,
  );
  typeId = (await buildType(owner.api, cid, t))._id;
});
afterAll(() => h.close());

const read = (u: TestUser, id: string) => u.api.get(`${jobsUrl(cid)}/activeJobs/${id}`);

describe('item flags', () => {
  it('hideItemCode, hideItemTax, hideAccount: not sent, kept on save; hideSaveItem: ignored', async () => {
    const account = randomUUID();
    const j = await buildJob(owner.api, cid, {
      appointmentTypeId: typeId,
      status: 'New',
      lineItems: [
        line({
          description: 'Valve',
          code: 'V-1',
          price: 10,
          hasTax: true,
          hasSecondTax: false,
          ledgerAccountId: account,
          save: false,
        }),
      ],
    });
    const seen = (await read(tech, j._id)).body;
    expect(seen.lineItems[0]).not.toHaveProperty('code');
    expect(seen.lineItems[0]).not.toHaveProperty('hasTax');
    expect(seen.lineItems[0]).not.toHaveProperty('hasSecondTax');
    expect(seen.lineItems[0].ledgerAccountId).toBeNull();
    expect(seen.lineItems[0].price).toBe(10);
    const r = await saveJob(tech.api, cid, {
      ...seen,
      lineItems: [
        {
          ...seen.lineItems[0],
          price: 12,
          code: 'HACK',
          hasTax: false,
          hasSecondTax: true,
          ledgerAccountId: randomUUID(),
          save: true,
          saveClientPrice: true,
        },
        line({ description: 'Extra', code: 'X', price: 1, save: true }),
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [first, extra] = (await read(owner, j._id)).body.lineItems;
    expect(first).toMatchObject({
      description: 'Valve',
      code: 'V-1',
      price: 12,
      hasTax: true,
      hasSecondTax: false,
      ledgerAccountId: account,
      save: false,
    });
    expect(first).not.toHaveProperty('saveClientPrice');
    expect(extra).not.toHaveProperty('code');
    expect(extra).not.toHaveProperty('save');
    expect(extra.ledgerAccountId).toBeNull();
    // The owner, who reads the general flags, sees and changes everything.
    expect((await read(owner, j._id)).body.lineItems[0].code).toBe('V-1');
  });
});
