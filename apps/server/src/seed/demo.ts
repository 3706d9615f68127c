import { allRights, vatTax } from '@fieldbook/core';
import { createAuthService } from '../areas/auth/auth.service.js';
import { findUserByUsername } from '../areas/auth/auth.repo.js';
import { joinCompany } from '../areas/companies/index.js';
import { systemCaller } from '../platform/access.js';
import { companiesService } from '../compose.js';
import type { AppDeps } from '../platform/deps.js';
import { seedDemoChat } from './demo-chat.js';
import { seedDemoFinance } from './demo-finance.js';
import { seedDemoJobs } from './demo-jobs.js';
import { seedDemoRecurring } from './demo-recurring.js';
import { countUsers } from './seed.repo.js';

export const DEMO = { username: 'demo', password: 'fieldbook-demo' };

/**
 * Seed the demo company when the database has no users at all (development
 * only; production never seeds). Answers the demo sign-in, or null.
 */
export async function seedDemoIfEmpty(deps: AppDeps): Promise<typeof DEMO | null> {
  if ((await countUsers(deps.database.db)) > 0) return null;
  await seedDemo(deps);
  return DEMO;
}

export async function seedDemo(deps: AppDeps): Promise<void> {
  const auth = createAuthService(deps, joinCompany);
  const companies = companiesService(deps, auth);
  const owner = await auth.createUser({
    ...DEMO,
    email: 'demo@fieldbook.local',
    name: 'Sipho',
    surname: 'Dlamini',
    rank: 'super',
  });
  const { _id: companyId } = await companies.create(
    owner.id,
    'Dlamini Plumbing & Electrical',
    null,
  );
  const system = systemCaller(companyId, owner.id);
  await companies.save(
    companyId,
    {
      companyName: 'Dlamini Plumbing & Electrical',
      EmailAddress: 'accounts@dlamini-plumbing.co.za',
      tax: vatTax({ taxNumber: '4123456789' }),
      address: '14 Voortrekker Road\nBellville\nCape Town 7530',
      phone: '021 948 1200',
      // PayFast's public sandbox merchant: Pay Now works against sandbox.payfast.co.za.
      payfast: {
        merchantId: '10000100',
        merchantKey: '46f0cd694581a',
        passphrase: 'jt7NOE43FZPn',
        sandbox: true,
      },
    },
    system,
  );
  const office = allRights(true);
  office.settings = { c: false, r: true, u: false, d: false };
  await companies.saveGroup(companyId, { name: 'Office', rights: office }, system);
  const { _id: techs } = await companies.saveGroup(
    companyId,
    {
      name: 'Technicians',
      rights: { appointments: { c: true, r: true, u: true, d: false }, clients: { r: true } },
    },
    system,
  );
  const tech = await auth.createUser({
    username: 'thandi',
    password: 'fieldbook-demo',
    email: 'thandi@fieldbook.local',
    name: 'Thandi',
    surname: 'Nkosi',
  });
  // A member from the start (an invitation joins only whoever opens its link).
  await joinCompany(deps.database.db, companyId, tech.id, techs);
  const refs = await seedDemoFinance(deps, companyId, owner.id);
  await seedDemoRecurring(deps, companyId, owner.id, refs);
  await seedDemoJobs(deps, companyId, owner.id, tech.id, refs);
  await seedDemoChat(deps, companyId, owner.id, tech.id);
  // A second company to switch to; its name sorts after the first, which opens by default.
  await companies.create(owner.id, 'Sea Breeze Cleaning Services', null);
  if (!(await findUserByUsername(deps.database.db, DEMO.username)))
    throw new Error('demo user missing');
}
