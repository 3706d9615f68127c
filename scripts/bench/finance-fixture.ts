// A big company for the finance bench: clients and invoices inserted in
// batches, with totals from core's computeTotals (the same as a save).
import { sql } from 'drizzle-orm';
import { addDays, computeTotals, DEFAULT_DISCOUNT, vatTax } from '@fieldbook/core';
import type { Db } from '../../apps/server/src/db/client.js';
import { clients, invoices } from '../../apps/server/src/db/schema/index.js';
import { seededRandom } from '../../apps/server/src/seed/random.js';

const TAX = vatTax();
const BATCH = 1000;

export async function seedFinanceBench(
  db: Db,
  companyId: string,
  opts: { clients: number; invoices: number; today: string },
): Promise<{ clientIds: string[] }> {
  const rand = seededRandom(42);
  const clientIds: string[] = [];
  for (let i = 0; i < opts.clients; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, opts.clients - i) }, (_, k) => ({
      companyId,
      name: `Client ${String(i + k).padStart(5, '0')}`,
      surname: 'Bench',
      email: `client${i + k}@bench.test`,
    }));
    const ids = await db.insert(clients).values(rows).returning({ id: clients.id });
    clientIds.push(...ids.map((r) => r.id));
  }
  // Four years of invoices, about 2,100 a month, ending today.
  const days = 4 * 365;
  for (let i = 0; i < opts.invoices; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, opts.invoices - i) }, (_, k) => {
      const n = i + k;
      const invoiceDate = addDays(opts.today, -Math.floor((n / opts.invoices) * days));
      const descriptions = [
        { description: 'Call-out', qty: 1, price: 450 },
        { description: 'Labour (hours)', qty: 1 + Math.floor(rand() * 6), price: 380 },
        { description: 'Parts', qty: 1, price: Math.round(rand() * 200000) / 100 },
      ];
      const t = computeTotals({ descriptions, discount: DEFAULT_DISCOUNT, tax: TAX });
      const paid = rand() < 0.7;
      const isQuote = !paid && rand() < 0.15;
      return {
        companyId,
        invoiceNumber: isQuote ? null : `INV${String(n + 1).padStart(6, '0')}`,
        quoteNumber: isQuote ? `QUO${String(n + 1).padStart(6, '0')}` : null,
        isQuote,
        invoiceDate,
        dueDate: addDays(invoiceDate, 7),
        entityId: clientIds[Math.floor(rand() * clientIds.length)]!,
        to: 'Bench client',
        descriptions: descriptions.map((d) => ({
          ...d,
          hasTax: true,
          ledgerAccountId: null,
          itemId: null,
        })),
        discount: DEFAULT_DISCOUNT,
        tax: TAX,
        subtotal: t.subtotal.toFixed(2),
        discountTotal: t.discount.toFixed(2),
        net: t.net.toFixed(2),
        tax1: t.tax1.toFixed(2),
        tax2: t.tax2.toFixed(2),
        total: t.total.toFixed(2),
        paid,
        amountPaid: paid ? t.total.toFixed(2) : '0',
        datePaid: paid ? addDays(invoiceDate, Math.floor(rand() * 20)) : null,
        methodPaid: paid ? ['EFT', 'Cash', 'Card'][Math.floor(rand() * 3)]! : '',
      };
    });
    await db.insert(invoices).values(rows);
  }
  await db.execute(sql`
    update clients c set outstanding = coalesce((
      select sum(i.total - i.amount_paid) from invoices i
      where i.company_id = c.company_id and i.entity_id = c.id and not i.is_quote), 0)
    where c.company_id = ${companyId}`);
  await db.execute(sql`analyze`);
  return { clientIds };
}
