import {
  RECURRING_TYPES,
  parseAmount,
  splitYmd,
  weekdayOf,
  type TRecurrenceRule,
  type TRecurringFrequency,
  type TRecurringItem,
  type TRecurringSave,
  type TRecurringType,
  type TTax,
  RECURRING_DUE_DAYS,
} from '@fieldbook/core';
import {
  lineToSave,
  lineToValues,
  newInvoiceValues,
  num,
  type InvoiceValues,
} from '../invoices/invoice-form';
import type { ExpenseValues } from '../expenses/expense-values';

/** The type in the address (?type=), invoices when missing or unknown. */
export function typeParam(raw: string | null): TRecurringType {
  return (RECURRING_TYPES as readonly string[]).includes(raw ?? '')
    ? (raw as TRecurringType)
    : 'invoices';
}

export const TYPE_LABELS: Record<TRecurringType, string> = {
  invoices: 'Invoices',
  expenses: 'Expenses',
  calender: 'Jobs',
};

export type MonthMode = 'day' | 'nth';
export type Ends = 'never' | 'count' | 'date';

/**
 * The rule, Active and the fields that are neither an invoice's nor an
 * expense's form (Send on creation, Back Date, a job's fields). Selects hold
 * text; number inputs give '' while empty.
 */
export interface RuleValues {
  active: boolean;
  startDate: string;
  recurringType: TRecurringFrequency;
  every: number | string;
  dayOfWeek: string;
  monthMode: MonthMode;
  dayOfMonth: string;
  weekOfMonth: string;
  monthOfYear: string;
  ends: Ends;
  maxOccurrences: number | string;
  endDate: string | null;
  // Invoices.
  sendOnCreation: boolean;
  includeStatment: boolean;
  backdate: boolean;
  backdateAmount: number | string;
  // Jobs.
  appointmentTypeId: string | null;
  entityId: string;
  to: string;
  faultDescription: string;
  userId: string | null;
  priority: string | null;
  allDay: boolean;
  startTime: string;
  durationMinutes: number | string;
}

/** A new item's rule: monthly from today on today's day, forever. */
export function newRuleValues(today: string): RuleValues {
  const { day, month } = splitYmd(today);
  return {
    active: true,
    startDate: today,
    recurringType: 'month',
    every: 1,
    dayOfWeek: String(weekdayOf(today)),
    monthMode: 'day',
    dayOfMonth: String(day),
    weekOfMonth: '1',
    monthOfYear: String(month),
    ends: 'never',
    maxOccurrences: 12,
    endDate: null,
    sendOnCreation: false,
    includeStatment: false,
    backdate: false,
    backdateAmount: 0,
    appointmentTypeId: null,
    entityId: '',
    to: '',
    faultDescription: '',
    userId: null,
    priority: null,
    allDay: false,
    startTime: '08:00',
    durationMinutes: 60,
  };
}

export function itemToRuleValues(item: TRecurringItem): RuleValues {
  const start = splitYmd(item.startDate);
  return {
    active: item.active,
    startDate: item.startDate,
    recurringType: item.recurringType,
    every: item.separationCount + 1,
    dayOfWeek: String(item.dayOfWeek ?? weekdayOf(item.startDate)),
    monthMode: item.weekOfMonth !== null ? 'nth' : 'day',
    dayOfMonth: String(item.dayOfMonth ?? start.day),
    weekOfMonth: String(item.weekOfMonth ?? 1),
    monthOfYear: String(item.monthOfYear ?? start.month),
    ends: item.maxOccurrences !== null ? 'count' : item.endDate !== null ? 'date' : 'never',
    maxOccurrences: item.maxOccurrences ?? 12,
    endDate: item.endDate,
    sendOnCreation: item.sendOnCreation,
    includeStatment: item.includeStatment,
    backdate: item.backdate,
    backdateAmount: item.backdateAmount,
    appointmentTypeId: item.appointmentTypeId,
    entityId: item.entityId ?? '',
    to: item.client ? `${item.client.name} ${item.client.surname}`.trim() : item.to,
    faultDescription: item.faultDescription,
    userId: item.userId ?? item.assignedUsers[0] ?? null,
    priority: item.priority || null,
    allDay: item.isAllDayEvent,
    startTime: item.startTime ?? '08:00',
    durationMinutes: item.durationMinutes,
  };
}

const int = (s: string) => (s === '' ? null : Number(s));

/** The rule the form describes (the fields the frequency does not use are null). */
export function ruleOfValues(v: RuleValues): TRecurrenceRule {
  const type = v.recurringType;
  const nth = (type === 'month' || type === 'year') && v.monthMode === 'nth';
  return {
    startDate: v.startDate,
    recurringType: type,
    separationCount: Math.max(0, Math.trunc(num(v.every) ?? 1) - 1),
    dayOfWeek: type === 'week' || nth ? int(v.dayOfWeek) : null,
    dayOfMonth: (type === 'month' || type === 'year') && !nth ? int(v.dayOfMonth) : null,
    monthOfYear: type === 'year' ? int(v.monthOfYear) : null,
    weekOfMonth: nth ? int(v.weekOfMonth) : null,
    maxOccurrences: v.ends === 'count' ? num(v.maxOccurrences) : null,
    endDate: v.ends === 'date' ? v.endDate : null,
  };
}

/** The rule when the form holds one the rule functions can read, else null (no preview). */
export function previewRule(v: RuleValues): TRecurrenceRule | null {
  const r = ruleOfValues(v);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.startDate)) return null;
  if (r.separationCount > 99) return null;
  if (v.ends === 'count' && (r.maxOccurrences === null || r.maxOccurrences < 1)) return null;
  if (v.ends === 'date' && !r.endDate) return null;
  return r;
}

/** A recurring invoice's document as the invoice editor's components hold it. */
export function itemToInvoiceValues(item: TRecurringItem | undefined, today: string, tax: TTax) {
  const base = newInvoiceValues(false, today, tax);
  if (!item) return base;
  return {
    ...base,
    invoiceTemplateId: item.invoiceTemplateId ?? '',
    entityId: item.entityId ?? '',
    to: item.client ? `${item.client.name} ${item.client.surname}`.trim() : item.to,
    toEmail: item.toEmail,
    descriptions: item.descriptions.map(lineToValues),
    discount: item.discount ? { ...item.discount } : base.discount,
    tax: item.tax ? { ...item.tax } : base.tax,
    notes: item.notes,
  } satisfies InvoiceValues;
}

/** A recurring expense's document as the expense form holds it (its dates are the rule's). */
export function itemToExpenseValues(item: TRecurringItem | undefined): ExpenseValues {
  return {
    expenseDate: null,
    dueDate: null,
    supplierId: item?.supplierId ?? null,
    to: item?.to ?? '',
    description: item?.description ?? '',
    price: item ? String(item.price) : '',
    paid: item?.paid ?? false,
    methodPaid: item?.methodPaid || null,
    hasWarranty: item?.hasWarranty ?? false,
    warrantyValidDate: item?.warrantyValidDate ?? null,
    ledgerAccountId: item?.ledgerAccountId ?? null,
    // The rule below is the recurrence; the expense form's switch is not shown here.
    isRecurring: false,
    recurringType: 'month',
  };
}

/** The body of POST /recurring/{type}: the rule, then the type's own fields. */
export function valuesToSave(
  type: TRecurringType,
  r: RuleValues,
  inv: InvoiceValues,
  exp: ExpenseValues,
  item: TRecurringItem | undefined,
): TRecurringSave {
  const rule = ruleOfValues(r);
  const body: TRecurringSave = {
    ...(item && { _id: item._id }),
    active: r.active,
    ...rule,
    maxOccurrences: rule.maxOccurrences,
  };
  if (type === 'invoices')
    return {
      ...body,
      invoiceTemplateId: inv.invoiceTemplateId || null,
      entityId: inv.entityId || null,
      to: inv.to,
      toEmail: inv.toEmail,
      descriptions: inv.descriptions.map(lineToSave),
      discount: { ...inv.discount, discountValue: num(inv.discount.discountValue) ?? 0 },
      tax: inv.tax,
      notes: inv.notes,
      sendOnCreation: r.sendOnCreation,
      // Include Statement goes only with Send on creation (spec §4).
      includeStatment: r.sendOnCreation && r.includeStatment,
      backdate: r.backdate,
      backdateAmount: r.backdate ? Math.trunc(num(r.backdateAmount) ?? 0) : 0,
      dueDays: item?.dueDays ?? RECURRING_DUE_DAYS,
    };
  if (type === 'expenses')
    return {
      ...body,
      supplierId: exp.supplierId || null,
      to: exp.to.trim(),
      description: exp.description.trim(),
      // A comma decimal ('12,50') is read here as on the expense form.
      price: parseAmount(exp.price) ?? exp.price,
      paid: exp.paid,
      methodPaid: exp.paid ? (exp.methodPaid ?? '') : '',
      hasWarranty: exp.hasWarranty,
      warrantyValidDate: exp.hasWarranty ? exp.warrantyValidDate : null,
      ledgerAccountId: exp.ledgerAccountId || null,
    };
  return {
    ...body,
    appointmentTypeId: r.appointmentTypeId,
    entityId: r.entityId || null,
    to: r.to,
    faultDescription: r.faultDescription,
    userId: r.userId,
    assignedUsers: r.userId ? [r.userId] : [],
    priority: (r.priority ?? '') as TRecurringSave['priority'],
    isAllDayEvent: r.allDay,
    startTime: r.allDay ? null : r.startTime || null,
    durationMinutes: Math.trunc(num(r.durationMinutes) ?? 60),
    // The lines the job starts with (its invoice); the invoice editor's form holds them.
    descriptions: inv.descriptions.map(lineToSave),
  };
}
