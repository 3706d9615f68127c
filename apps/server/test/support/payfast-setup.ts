import { expect } from 'vitest';
import { buildCompany, type TestUser } from './factories.js';
import { buildClient } from './finance-factories.js';
import { startHarness, type Harness } from './harness.js';
import { startPayfastStandIn, type PayfastStandIn } from './payfast-stand-in.js';

/**
 * A harness whose PayFast is a stand-in, and a company with PayFast set up
 * (sandbox, merchant `merchantId`, passphrase `passphrase`) and one client.
 */
export async function startPayfastHarness(merchantId: string, passphrase: string) {
  const pf: PayfastStandIn = await startPayfastStandIn(passphrase);
  const h: Harness = await startHarness();
  h.deps.config.payfastUrl = pf.url;
  const co = await buildCompany(h);
  const owner: TestUser = co.owner;
  const saved = await owner.api.post(`/api/companies/${co.id}`, {
    companyName: 'Acme Plumbing',
    payfast: { merchantId, merchantKey: '46f0cd694581a', passphrase, sandbox: true },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const clientId = await buildClient(owner.api, co.id, { name: 'Jane', surname: 'Buyer' });
  return { pf, h, owner, companyId: co.id, clientId };
}
