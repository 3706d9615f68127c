import {
  DEFAULT_DISCOUNT,
  MAX_AMOUNT,
  RECURRING_DUE_DAYS,
  amountText,
  computeTotals,
  type TRecurrenceRule,
  type TRecurringSaveParsed,
  type TRecurringType,
  type TTax,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { findClientForCompany } from '../clients/index.js';
import { findSupplier, readPrice } from '../expenses/index.js';
import { checkLedgerAccount, withLineAccounts } from '../accounting/index.js';
import { checkLineItemIds } from '../invoices/index.js';
import { findJob, findType, listMembers, listTypes } from '../jobs/index.js';
import { templateUsable } from '../templates/index.js';
import type { ItemRow, ItemValues } from './recurring.repo.js';

/** The document fields kept in `document` (by type); see `ZRecurringSave`. */
export interface RecurringDocument {
  invoiceTemplateId?: string | null;
  to?: string;
  toEmail?: string;
  dueDays?: number;
  notes?: string;
  appointmentId?: string | null;
  price?: number;
  description?: string;
  paid?: boolean;
  methodPaid?: string;
  hasWarranty?: boolean;
  warrantyValidDate?: string | null;
  ledgerAccountId?: string | null;
  appointmentTypeId?: string | null;
  faultDescription?: string;
  userId?: string | null;
  assignedUsers?: string[];
  priority?: string;
  startTime?: string | null;
  durationMinutes?: number;
  isAllDayEvent?: boolean;
}

export const docOf = (item: ItemRow) => item.document as RecurringDocument;

/** The rule's columns of a save (null where unused). */
export function ruleOfSave(b: TRecurringSaveParsed): TRecurrenceRule {
  return {
    startDate: b.startDate,
    recurringType: b.recurringType,
    separationCount: b.separationCount ?? 0,
    dayOfWeek: b.dayOfWeek ?? null,
    dayOfMonth: b.dayOfMonth ?? null,
    monthOfYear: b.monthOfYear ?? null,
    weekOfMonth: b.weekOfMonth ?? null,
    maxOccurrences: b.maxOccurrences ?? null,
    endDate: b.endDate ?? null,
  };
}

/** The rule of a stored item. */
export function ruleOfItem(i: ItemRow): TRecurrenceRule {
  return {
    startDate: i.startDate,
    recurringType: i.recurringType,
    separationCount: i.separationCount,
    dayOfWeek: i.dayOfWeek,
    dayOfMonth: i.dayOfMonth,
    monthOfYear: i.monthOfYear,
    weekOfMonth: i.weekOfMonth,
    maxOccurrences: i.maxOccurrences,
    endDate: i.endDate,
  };
}

const optUuid = (field: string, v: string | null | undefined): string | null => {
  if (!v) return null;
  if (!isUuid(v)) throw badField(field, 'is not a valid id');
  return v.toLowerCase();
};

/** What the type's columns and document are, checked against the company's records. */
export type TypeValues = Omit<
  ItemValues,
  keyof TRecurrenceRule | 'type' | 'active' | 'nextRunDate'
>;

/** A job id of the item must be one of the company's jobs (400 naming `appointmentId`). */
async function jobOfCompany(tx: Tx, companyId: string, id: string | null): Promise<string | null> {
  if (id && !(await findJob(tx, companyId, id)))
    throw badField('appointmentId', 'is not a job of this company');
  return id;
}

/**
 * The lines and discount of a save (an invoice's, or the invoice a job will make), checked as an
 * invoice's: item ids and accounts of the company, the total at most MAX_AMOUNT, an amount
 * discount not above the subtotal.
 */
async function checkedLines(
  tx: Tx,
  companyId: string,
  b: TRecurringSaveParsed,
  existing: ItemRow | null,
  tax: TTax,
) {
  const given = b.descriptions ?? [];
  await checkLineItemIds(tx, companyId, given, existing?.descriptions);
  // Account ids in lower case, of income accounts; a stale one already stored is dropped.
  const lines = await withLineAccounts(tx, companyId, given, existing?.descriptions);
  // The run makes the document with these lines: the price-list flags were for the form only.
  const descriptions = lines.map((l) => ({ ...l, save: false, saveClientPrice: false }));
  const discount = b.discount ?? DEFAULT_DISCOUNT;
  const totals = computeTotals({ descriptions, discount, tax });
  if (totals.total > MAX_AMOUNT || totals.subtotal > MAX_AMOUNT)
    throw badField('descriptions', 'The total must be at most R1,000,000,000');
  if (
    discount.hasDiscount &&
    discount.discountType === 'Amount' &&
    discount.discountValue > totals.subtotal
  )
    throw badField('discount.discountValue', 'must not be more than the subtotal');
  return { descriptions, discount, totals };
}

async function invoiceValues(
  tx: Tx,
  companyId: string,
  tax: TTax,
  b: TRecurringSaveParsed,
  existing: ItemRow | null,
): Promise<TypeValues> {
  if (!b.entityId) throw badField('entityId', 'Please select a client');
  const client = isUuid(b.entityId) ? await findClientForCompany(tx, companyId, b.entityId) : null;
  if (!client) throw badField('entityId', 'is not a client of this company');
  const given = b.descriptions ?? [];
  if (given.length === 0) throw badField('descriptions', 'must have at least one line');
  const templateId = optUuid('invoiceTemplateId', b.invoiceTemplateId);
  if (
    templateId &&
    templateId !== docOf(existing ?? ({ document: {} } as ItemRow)).invoiceTemplateId &&
    !(await templateUsable(tx, companyId, templateId, 'invoice'))
  )
    throw badField('invoiceTemplateId', 'is not one of your invoice templates');
  const { descriptions, discount, totals } = await checkedLines(
    tx,
    companyId,
    b,
    existing,
    b.tax ?? tax,
  );
  const document: RecurringDocument = {
    invoiceTemplateId: templateId,
    to: b.to || [client.name, client.surname].filter(Boolean).join(' '),
    toEmail: b.toEmail ?? client.email ?? '',
    dueDays: b.dueDays ?? RECURRING_DUE_DAYS,
    notes: b.notes ?? '',
    appointmentId: await jobOfCompany(tx, companyId, optUuid('appointmentId', b.appointmentId)),
  };
  return {
    entityId: client.id,
    supplierId: null,
    sendOnCreation: b.sendOnCreation ?? false,
    includeStatement: (b.sendOnCreation ?? false) && (b.includeStatment ?? false),
    backdate: b.backdate ?? false,
    backdateAmount: b.backdate ? (b.backdateAmount ?? 0) : 0,
    category: b.category ?? '',
    descriptions,
    discount,
    // The company's tax as it is now, kept on the item as an invoice keeps its copy: the total
    // shown is the total made, whatever the company's settings become.
    tax: b.tax ?? tax,
    document: document as Record<string, unknown>,
    total: amountText(totals.total),
  };
}

async function expenseValues(
  tx: Tx,
  companyId: string,
  b: TRecurringSaveParsed,
  existing: ItemRow | null,
): Promise<TypeValues> {
  if (!b.description) throw badField('description', 'is required');
  if (b.price === undefined || b.price === '') throw badField('price', 'is required');
  const price = readPrice(b.price);
  if (price <= 0) throw badField('price', 'must be more than 0');
  let supplierId: string | null = null;
  let supplierName = '';
  if (b.supplierId) {
    // The supplier already on the item may stay after it was deleted.
    const keep = existing?.supplierId === b.supplierId.toLowerCase();
    const s = isUuid(b.supplierId)
      ? await findSupplier(tx, companyId, b.supplierId, { live: !keep })
      : null;
    if (!s) throw badField('supplierId', 'is not a supplier of this company');
    supplierId = s.id;
    supplierName = [s.name, s.surname].filter(Boolean).join(' ');
  }
  const hasWarranty = b.hasWarranty === true;
  if (hasWarranty && !b.warrantyValidDate) throw badField('warrantyValidDate', 'is required');
  // A recurring expense counts on a cost account.
  await checkLedgerAccount(tx, companyId, 'ledgerAccountId', b.ledgerAccountId, false);
  const document: RecurringDocument = {
    to: b.to || supplierName,
    price,
    description: b.description,
    paid: b.paid ?? false,
    methodPaid: b.methodPaid ?? '',
    hasWarranty,
    warrantyValidDate: hasWarranty ? (b.warrantyValidDate ?? null) : null,
    ledgerAccountId: optUuid('ledgerAccountId', b.ledgerAccountId),
  };
  return {
    entityId: null,
    supplierId,
    sendOnCreation: false,
    includeStatement: false,
    backdate: b.backdate ?? false,
    backdateAmount: b.backdate ? (b.backdateAmount ?? 0) : 0,
    category: b.category ?? '',
    descriptions: [],
    discount: null,
    tax: null,
    document: document as Record<string, unknown>,
    total: amountText(price),
  };
}

async function jobValues(
  tx: Tx,
  company: { id: string; tax: TTax },
  b: TRecurringSaveParsed,
  existing: ItemRow | null,
): Promise<TypeValues> {
  const companyId = company.id;
  const typeId = b.appointmentTypeId
    ? optUuid('appointmentTypeId', b.appointmentTypeId)
    : ((await listTypes(tx, companyId))[0]?.id ?? null);
  const type = typeId ? await findType(tx, companyId, typeId) : null;
  if (!type) throw badField('appointmentTypeId', 'is not a type of this company');
  let entityId: string | null = null;
  if (b.entityId) {
    const client = isUuid(b.entityId)
      ? await findClientForCompany(tx, companyId, b.entityId)
      : null;
    if (!client) throw badField('entityId', 'is not a client of this company');
    entityId = client.id;
  }
  const members = await listMembers(tx, companyId);
  const active = new Set(members.filter((m) => !m.disabled).map((m) => m.userId));
  const userId = b.userId ? b.userId.toLowerCase() : null;
  if (userId && !active.has(userId))
    throw badField('userId', 'is not an active member of this company');
  const assignedUsers = [...new Set((b.assignedUsers ?? []).map((u) => u.toLowerCase()))];
  if (assignedUsers.some((u) => !active.has(u)))
    throw badField('assignedUsers', 'must be active members of this company');
  const lines = await checkedLines(tx, companyId, b, existing, company.tax);
  const document: RecurringDocument = {
    appointmentTypeId: type.id,
    faultDescription: b.faultDescription ?? '',
    userId,
    assignedUsers,
    priority: b.priority ?? '',
    startTime: b.startTime ?? null,
    durationMinutes: b.durationMinutes ?? 60,
    isAllDayEvent: b.startTime ? (b.isAllDayEvent ?? false) : (b.isAllDayEvent ?? true),
    notes: b.notes ?? '',
  };
  return {
    entityId,
    supplierId: null,
    sendOnCreation: false,
    includeStatement: false,
    backdate: false,
    backdateAmount: 0,
    category: b.category ?? '',
    // The lines the job carries: the invoice it makes when invoiced (Job Done), at the company's
    // tax of that day (docs/recurring.md).
    descriptions: lines.descriptions,
    discount: lines.descriptions.length ? lines.discount : null,
    tax: null,
    document: document as Record<string, unknown>,
    total: '0',
  };
}

/** The type's values of a save, every id checked to be the company's (400 naming the field). */
export function typeValues(
  tx: Tx,
  company: { id: string; tax: TTax },
  type: TRecurringType,
  b: TRecurringSaveParsed,
  existing: ItemRow | null,
): Promise<TypeValues> {
  if (type === 'invoices') return invoiceValues(tx, company.id, company.tax, b, existing);
  if (type === 'expenses') return expenseValues(tx, company.id, b, existing);
  return jobValues(tx, company, b, existing);
}
