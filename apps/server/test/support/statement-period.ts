import { expect } from 'vitest';
import { DEFAULT_TAX } from '@fieldbook/core';
import type { ApiClient } from './factories.js';
import { buildInvoice, line } from './finance-factories.js';

/**
 * A client's account for the statement-of-a-period tests, made through the
 * API (no tax), worked by hand (date, kind, amount, rolling):
 *   2026-01-15 debit  A 999.99 (3 x 333.33)  999.99
 *   2026-02-10 credit A 500.00               499.99
 *   2026-02-20 debit  B 250.55               750.54
 *   2026-03-15 credit B 250.55               499.99
 *   2026-03-31 debit  C  80.10               580.09
 * So February brings forward 999.99 and closes at 750.54.
 */
export async function buildPeriodAccount(api: ApiClient, companyId: string, clientId: string) {
  const invoice = async (invoiceDate: string, qty: number, price: number) =>
    buildInvoice(api, companyId, clientId, {
      invoiceDate,
      dueDate: invoiceDate,
      tax: DEFAULT_TAX,
      descriptions: [line({ qty, price })],
    });
  const pay = async (id: string, amount: number, datePaid: string) => {
    const r = await api.post(`/api/companies/${companyId}/invoices/${id}/payments`, {
      amount,
      datePaid,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const a = await invoice('2026-01-15', 3, 333.33);
  const b = await invoice('2026-02-20', 1, 250.55);
  const c = await invoice('2026-03-31', 1, 80.1);
  await pay(a._id as string, 500, '2026-02-10');
  await pay(b._id as string, 250.55, '2026-03-15');
  return {
    numbers: [a, b, c].map((i) => i.invoiceNumber as string) as [string, string, string],
  };
}
