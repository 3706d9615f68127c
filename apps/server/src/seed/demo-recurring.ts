import { DEFAULT_TIME_ZONE, ZRecurringSave, todayIn, type TRecurringSave } from '@fieldbook/core';
import { createRecurringService } from '../areas/recurring/recurring.service.js';
import type { AppDeps } from '../platform/deps.js';
import type { DemoRef } from './demo-finance.js';

/**
 * The demo company's recurring items, starting today so nothing is made for
 * the past (DECISIONS §13): a body corporate's month-end maintenance contract,
 * a guest house's pool check every second Tuesday, the bakkie's tracking
 * subscription and a quarterly geyser service job.
 */
export async function seedDemoRecurring(
  deps: AppDeps,
  companyId: string,
  ownerId: string,
  refs: { clients: DemoRef[]; suppliers: DemoRef[] },
) {
  const recurring = createRecurringService(deps);
  const today = todayIn(DEFAULT_TIME_ZONE);
  const client = (name: string) => refs.clients.find((c) => c.name === name)!.id;
  const save = (type: 'invoices' | 'expenses' | 'calender', body: TRecurringSave) =>
    recurring.save(companyId, ownerId, type, ZRecurringSave.parse(body));

  await save('invoices', {
    startDate: today,
    recurringType: 'month',
    dayOfMonth: 31,
    entityId: client('Harbour View Body Corporate'),
    category: 'Maintenance',
    descriptions: [
      {
        description: 'Monthly maintenance contract',
        price: 2500,
        qty: 1,
        category: 'Maintenance',
      },
    ],
  });
  await save('invoices', {
    startDate: today,
    recurringType: 'week',
    separationCount: 1,
    dayOfWeek: 1,
    entityId: client('Khanyisa Guest House'),
    category: 'Plumbing',
    descriptions: [
      { description: 'Pool pump and geyser check', price: 450, qty: 1, category: 'Plumbing' },
    ],
  });
  await save('expenses', {
    startDate: today,
    recurringType: 'month',
    dayOfMonth: 1,
    to: 'Netstar',
    description: 'Vehicle tracking subscription',
    price: 299,
    paid: true,
    methodPaid: 'Card',
  });
  await save('calender', {
    startDate: today,
    recurringType: 'month',
    separationCount: 2,
    dayOfWeek: 2,
    weekOfMonth: 1,
    entityId: client('Sea Point Medical Centre'),
    faultDescription: 'Quarterly geyser service',
    priority: 'Medium',
    startTime: '09:00',
    durationMinutes: 120,
  });
}
