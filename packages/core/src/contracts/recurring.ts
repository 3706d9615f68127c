import { z } from 'zod';
import { RECURRING_FREQUENCIES, RULE_FIRST_DATE } from '../recurrence.js';
import { ZAmount, ZSaved, ZYmd, optId, optText } from './common.js';
import { ZTax } from './companies.js';
import { ZRecipientsText } from './delivery.js';
import { ZDiscount, ZLine, ZLineStored } from './invoices.js';
import { PRIORITIES } from './jobs.js';

/**
 * Recurring items (spec: /recurring and the Recurring editor; DECISIONS §8
 * and §13). `calender` is the spec's spelling of the jobs type and stays so in
 * URLs and bodies.
 */
export const RECURRING_TYPES = ['invoices', 'expenses', 'calender'] as const;
export type TRecurringType = (typeof RECURRING_TYPES)[number];
/** The list call also takes `all`. */
export const RECURRING_LIST_TYPES = [...RECURRING_TYPES, 'all'] as const;

/** Spec §8: a recurring item fetch that finds nothing. */
export const RECURRING_NOT_FOUND = 'recurring item not found';
/** Spec §8: after a recurring save. */
export const RECURRING_SAVED = 'Saved';
/** DECISIONS §13: COUNT with UNTIL is refused. */
export const COUNT_WITH_END_MESSAGE = 'cannot be set together with Max occurrences';
/** Days between a recurring invoice's date and its due date (spec §9: 7 days later). */
export const RECURRING_DUE_DAYS = 7;

const nullableInt = (min: number, max: number) =>
  z.number().int().min(min).max(max).nullable().optional();
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * `POST /recurring/{type}`: create (no `_id`) or update. The rule's fields
 * (DECISIONS §13), then the document's by type; fields of another type are
 * ignored. Computed fields (`nextRuns`, `lastRunDate`, totals) are ignored.
 */
export const ZRecurringSave = z
  .object({
    _id: z.string().max(64).optional(),
    active: z.boolean().optional(),
    // The rule.
    startDate: ZYmd,
    recurringType: z.enum(RECURRING_FREQUENCIES, 'must be day, week, month or year'),
    separationCount: z.number().int().min(0).max(99).optional(),
    dayOfWeek: nullableInt(0, 6),
    dayOfMonth: nullableInt(1, 31),
    monthOfYear: nullableInt(1, 12),
    weekOfMonth: z
      .union([z.literal(-1), z.number().int().min(1).max(4)])
      .nullable()
      .optional(),
    maxOccurrences: nullableInt(1, 1000),
    endDate: ZYmd.nullable().optional(),
    category: optText(60),

    // Invoices (and the client of a job).
    entityId: optId,
    invoiceTemplateId: optId,
    to: optText(200),
    toEmail: ZRecipientsText.optional(),
    sendOnCreation: z.boolean().optional(),
    /** The spec's spelling. */
    includeStatment: z.boolean().optional(),
    backdate: z.boolean().optional(),
    backdateAmount: z.number().int().min(0).max(365).optional(),
    dueDays: z.number().int().min(0).max(365).optional(),
    descriptions: z.array(ZLine).max(500).optional(),
    // Null as an item answers them for an expense or a job (a read item saves back as it is).
    discount: ZDiscount.nullable().optional(),
    tax: ZTax.nullable().optional(),
    notes: optText(5000),
    appointmentId: optId,

    // Expenses.
    supplierId: optId,
    /** Purchase Amount accepts a comma as the decimal separator (spec §5). */
    price: z.union([z.number(), z.string().max(40)]).optional(),
    description: optText(1000),
    paid: z.boolean().optional(),
    methodPaid: optText(40),
    hasWarranty: z.boolean().optional(),
    warrantyValidDate: ZYmd.nullable().optional(),
    ledgerAccountId: optId,

    // Jobs ("calender").
    appointmentTypeId: optId,
    faultDescription: optText(5000),
    userId: optId,
    assignedUsers: z.array(z.string().min(1).max(64)).max(50).optional(),
    priority: z.union([z.enum(PRIORITIES), z.literal('')]).optional(),
    /** The job's start on each date, HH:mm in the company's zone; null makes it unscheduled. */
    startTime: z.string().regex(HHMM, 'must be a time (HH:mm)').nullable().optional(),
    durationMinutes: z.number().int().min(5).max(1440).optional(),
    isAllDayEvent: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate < RULE_FIRST_DATE)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'must be in 1900 or later' });
    if (v.maxOccurrences != null && v.endDate != null)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: COUNT_WITH_END_MESSAGE });
    if (v.endDate != null && v.endDate < v.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'must be on or after the start date',
      });
    if (v.weekOfMonth != null && v.dayOfWeek == null)
      ctx.addIssue({
        code: 'custom',
        path: ['dayOfWeek'],
        message: 'is required with Week of month',
      });
  });
export type TRecurringSave = z.input<typeof ZRecurringSave>;
export type TRecurringSaveParsed = z.output<typeof ZRecurringSave>;

/** A recurring item as answered by list and get. */
export const ZRecurringItem = z.object({
  _id: z.string(),
  type: z.enum(RECURRING_TYPES),
  active: z.boolean(),
  startDate: z.string(),
  recurringType: z.enum(RECURRING_FREQUENCIES),
  separationCount: z.number(),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  monthOfYear: z.number().nullable(),
  weekOfMonth: z.number().nullable(),
  maxOccurrences: z.number().nullable(),
  endDate: z.string().nullable(),
  category: z.string(),
  /** Null when it has not run (shown as Never). */
  lastRunDate: z.string().nullable(),
  /** The next five dates not yet made; empty when inactive or ended (DECISIONS §13). */
  nextRuns: z.array(z.string()),
  /** The document's total: an invoice's computed total, an expense's price, 0 for a job. */
  total: z.number(),
  entityId: z.string().nullable(),
  client: z.object({ name: z.string(), surname: z.string() }).nullable(),
  invoiceTemplateId: z.string().nullable(),
  to: z.string(),
  toEmail: z.string(),
  sendOnCreation: z.boolean(),
  includeStatment: z.boolean(),
  backdate: z.boolean(),
  backdateAmount: z.number(),
  dueDays: z.number(),
  descriptions: z.array(ZLineStored),
  discount: ZDiscount.nullable(),
  tax: ZTax.nullable(),
  notes: z.string(),
  appointmentId: z.string().nullable(),
  supplierId: z.string().nullable(),
  price: z.number(),
  description: z.string(),
  paid: z.boolean(),
  methodPaid: z.string(),
  hasWarranty: z.boolean(),
  warrantyValidDate: z.string().nullable(),
  ledgerAccountId: z.string().nullable(),
  appointmentTypeId: z.string().nullable(),
  faultDescription: z.string(),
  userId: z.string().nullable(),
  assignedUsers: z.array(z.string()),
  priority: z.string(),
  startTime: z.string().nullable(),
  durationMinutes: z.number(),
  isAllDayEvent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRecurringItem = z.infer<typeof ZRecurringItem>;

/** `POST /recurring/{type}`: the id and the item's next dates. */
export const ZRecurringSaved = ZSaved.extend({ nextRuns: z.array(z.string()) });

/** The pie of the list (spec §9: top 5 line-item categories, the rest as Other). */
export const RECURRING_PIE_TOP = 5;
export const ZRecurringPieSlice = z.object({ category: z.string(), total: ZAmount });
