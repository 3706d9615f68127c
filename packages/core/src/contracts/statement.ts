import { z } from 'zod';

export const StatementSchema = z.object({
  total: z.number(),
  asOf: z.string(),
  lineItems: z.array(
    z.object({
      _id: z.string(),
      invoiceDate: z.string(),
      invoiceNumber: z.string(),
      description: z.string(),
      debit_credit: z.enum(['debit', 'credit']),
      total: z.number(),
      rolling: z.number(),
    }),
  ),
  aging: z.object({
    current: z.number(),
    d30: z.number(),
    d60: z.number(),
    d90: z.number(),
    d120: z.number(),
  }),
});
