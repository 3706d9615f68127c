import { z } from 'zod';

/**
 * `GET /companies/{id}/dashboard?month=YYYY-MM`: the month to show (this month
 * when left out). Year 0000 is no date of the calendar (PostgreSQL refuses it).
 */
export const ZDashboardQuery = z.object({
  month: z
    .string()
    .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)')
    .optional(),
});
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/**
 * The dashboard's figures. Each part is null when the member may not read its
 * area (invoices r for invoices, sends and incidents; expenses r for
 * expenses). Amounts in rand.
 */
export const ZDashboard = z.object({
  /** YYYY-MM, and its first and last day (company time zone). */
  month: z.string(),
  from: z.string(),
  to: z.string(),
  /** Today in the company's time zone: overdue means due before it. */
  today: z.string(),
  invoices: z
    .object({
      /** Totals of the month's invoices (quotes left out), as the Invoices page shows the month. */
      invoiced: z.number(),
      invoicedCount: z.number().int(),
      /** Amount paid on the month's paid invoices (the Invoices page's Paid box). */
      paid: z.number(),
      /** What clients owe today on every invoice, whatever its month. */
      outstanding: z.number(),
      /** The part of `outstanding` on unpaid invoices past their due date. */
      overdue: z.number(),
      overdueCount: z.number().int(),
      /** Invoices whose queued e-mail gave up (they show a red badge until sent again). */
      failedSends: z.number().int(),
    })
    .nullable(),
  expenses: z
    .object({
      /** The month's expenses (paid and unpaid). */
      total: z.number(),
      count: z.number().int(),
    })
    .nullable(),
  incidents: z.object({ open: z.number().int() }).nullable(),
  /** What needs attention (the sidebar badge): open incidents + failed sends + overdue invoices. */
  alerts: z.number().int(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
