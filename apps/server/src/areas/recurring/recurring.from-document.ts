import {
  RECURRING_FREQUENCIES,
  daysBetween,
  RULE_FIRST_DATE,
  nextRunOf,
  splitYmd,
  todayIn,
  type TDiscount,
  type TLine,
  type TRecurrenceRule,
  type TRecurringFrequency,
  type TTax,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { badField } from '../../platform/errors.js';
import type { RecurringDocument } from './recurring.input.js';
import * as repo from './recurring.repo.js';

/** An invoice or expense saved with the recurring switch on (spec: "a recurring switch"). */
export type RecurringSource =
  | {
      kind: 'invoices';
      id: string;
      date: string;
      dueDate: string;
      recurringType: string;
      entityId: string | null;
      invoiceTemplateId: string | null;
      to: string;
      toEmail: string;
      notes: string;
      descriptions: TLine[];
      discount: TDiscount | null;
      tax: TTax | null;
      total: string;
    }
  | {
      kind: 'expenses';
      id: string;
      date: string;
      recurringType: string;
      supplierId: string | null;
      to: string;
      price: string;
      description: string;
      methodPaid: string;
      ledgerAccountId: string | null;
    };

const isFrequency = (s: string): s is TRecurringFrequency =>
  (RECURRING_FREQUENCIES as readonly string[]).includes(s);

/** The rule of a document's switch: from its date, with the day fields of that date. */
function ruleFrom(date: string, f: TRecurringFrequency): TRecurrenceRule {
  const { month, day } = splitYmd(date);
  // 0 Monday ... 6 Sunday (rrule's order); the date is a calendar date, read in UTC.
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return {
    startDate: date,
    recurringType: f,
    separationCount: 0,
    dayOfWeek: f === 'week' ? weekday : null,
    dayOfMonth: f === 'month' || f === 'year' ? day : null,
    monthOfYear: f === 'year' ? month : null,
    weekOfMonth: null,
    maxOccurrences: null,
    endDate: null,
  };
}

/**
 * Makes the recurring item of a document saved with the switch on, in the
 * caller's transaction: the document itself is its first run (recorded, so
 * it is never made again), and the next is the rule's next date after it,
 * never before today. A document that already has an item (saved again, or
 * made by one) makes none. Answers the item's id, or null.
 */
export async function recurringFromDocument(
  tx: Tx,
  companyId: string,
  timeZone: string,
  userId: string | null,
  src: RecurringSource,
): Promise<string | null> {
  if (!isFrequency(src.recurringType)) return null;
  // rrule cannot work out dates before 1900 (DECISIONS §13 in docs/recurring.md).
  if (src.date < RULE_FIRST_DATE)
    throw badField('recurringType', 'needs a document dated in 1900 or later');
  if (await repo.documentHasRun(tx, companyId, src.id)) return null;
  const rule = ruleFrom(src.date, src.recurringType);
  const today = todayIn(timeZone);
  const nextRunDate = nextRunOf(rule, today, src.date);
  const common = {
    ...rule,
    active: true,
    nextRunDate,
    lastRunDate: src.date,
    sendOnCreation: false,
    includeStatement: false,
    backdate: false,
    backdateAmount: 0,
    category: '',
    createdBy: userId,
  };
  let id: string;
  if (src.kind === 'invoices') {
    const document: RecurringDocument = {
      invoiceTemplateId: src.invoiceTemplateId,
      to: src.to,
      toEmail: src.toEmail,
      dueDays: Math.max(0, Math.min(365, daysBetween(src.date, src.dueDate))),
      notes: src.notes,
      appointmentId: null,
    };
    id = await repo.insertItem(tx, companyId, {
      ...common,
      type: 'invoices',
      entityId: src.entityId,
      supplierId: null,
      descriptions: src.descriptions.map((l) => ({ ...l, save: false, saveClientPrice: false })),
      discount: src.discount,
      tax: src.tax,
      document: document as Record<string, unknown>,
      total: src.total,
    });
  } else {
    const document: RecurringDocument = {
      to: src.to,
      price: Number(src.price),
      description: src.description,
      paid: false,
      methodPaid: src.methodPaid,
      hasWarranty: false,
      warrantyValidDate: null,
      ledgerAccountId: src.ledgerAccountId,
    };
    id = await repo.insertItem(tx, companyId, {
      ...common,
      type: 'expenses',
      entityId: null,
      supplierId: src.supplierId,
      descriptions: [],
      discount: null,
      tax: null,
      document: document as Record<string, unknown>,
      total: src.price,
    });
  }
  await repo.claimRun(tx, companyId, id, src.date, src.id);
  return id;
}
