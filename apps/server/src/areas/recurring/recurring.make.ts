import { RECURRING_DUE_DAYS, addDays, amountText, instantOfWallTime } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { systemCaller } from '../../platform/access.js';
import { enqueue } from '../../platform/queue.js';
import type { CompanyRow } from '../companies/index.js';
import { INVOICE_EMAIL, STATEMENT_EMAIL } from '../delivery/index.js';
import { writeExpense } from '../expenses/index.js';
import { insertIncident } from '../incidents/index.js';
import {
  markInvoicesQueued,
  withLiveItemIds,
  writeInvoice,
  type InvoiceInput,
} from '../invoices/index.js';
import { findType, listMembers, writeJob } from '../jobs/index.js';
import { emitWebhook } from '../webhooks/index.js';
import { templateUsable } from '../templates/index.js';
import { docOf } from './recurring.input.js';
import * as repo from './recurring.repo.js';
import type { ItemRow } from './recurring.repo.js';

/** The incident's description (DECISIONS §6: a recurring item whose client was deleted). */
export const RECURRING_CLIENT_GONE = 'Recurring item: the client was deleted';

/** The document's date: the occurrence, moved back by the back-date days when set. */
const documentDate = (item: ItemRow, date: string) =>
  item.backdate && item.backdateAmount > 0 ? addDays(date, -item.backdateAmount) : date;

/** The invoice a run of `item` on `date` makes (also the PDF preview's). */
export async function invoiceInput(tx: Tx, item: ItemRow, date: string): Promise<InvoiceInput> {
  const d = docOf(item);
  const invoiceDate = documentDate(item, date);
  // A template deleted since: the company's default prints it (the run must not fail forever).
  const templateId =
    d.invoiceTemplateId &&
    (await templateUsable(tx, item.companyId, d.invoiceTemplateId, 'invoice'))
      ? d.invoiceTemplateId
      : null;
  return {
    isQuote: false,
    invoiceTemplateId: templateId,
    invoiceDate,
    dueDate: addDays(invoiceDate, d.dueDays ?? RECURRING_DUE_DAYS),
    entityId: item.entityId,
    to: d.to ?? '',
    toEmail: d.toEmail ?? '',
    // A line whose price-list item was deleted since is made without the link.
    descriptions: await withLiveItemIds(tx, item.companyId, item.descriptions),
    ...(item.discount && { discount: item.discount }),
    ...(item.tax && { tax: item.tax }),
    paid: false,
    methodPaid: '',
    notes: d.notes ?? '',
    isRecurring: false,
    recurringType: '',
    appointmentId: null,
    custom: {},
  };
}

/**
 * The client may no longer take documents: no invoice, and one open incident
 * per item (DECISIONS §6) until someone assigns a client.
 */
async function clientGone(tx: Tx, item: ItemRow): Promise<boolean> {
  if (!item.entityId) return item.type === 'invoices';
  const client = await repo.clientOf(tx, item.companyId, item.entityId);
  if (client && !client.deletedAt) return false;
  if (!(await repo.hasOpenIncident(tx, item.companyId, item.id))) {
    await insertIncident(tx, item.companyId, {
      description: RECURRING_CLIENT_GONE,
      value: client ? [client.name, client.surname].filter(Boolean).join(' ') : '',
      recordKind: 'recurring',
      recordId: item.id,
    });
  }
  return true;
}

async function makeInvoice(tx: Tx, company: CompanyRow, item: ItemRow, date: string) {
  const input = await invoiceInput(tx, item, date);
  // A line's account deleted since the item was saved counts as the default account.
  const { id } = await writeInvoice(tx, company, item.createdBy, input, {
    dropUnknownAccounts: true,
  });
  if (item.sendOnCreation) {
    // As POST /invoices/bulkemail does: the flag and the job commit with the invoice.
    await markInvoicesQueued(tx, company.id, [id]);
    await enqueue(tx, {
      kind: INVOICE_EMAIL,
      companyId: company.id,
      // Counted in the company's hourly limit when it sends (DECISIONS §14).
      payload: { invoiceId: id, countAtSend: true },
      dedupeKey: `invoice-email:${id}:recurring`,
    });
    if (item.includeStatement && item.entityId)
      await enqueue(tx, {
        kind: STATEMENT_EMAIL,
        companyId: company.id,
        payload: {
          clientId: item.entityId,
          month: date.slice(0, 7),
          always: true,
          countAtSend: true,
        },
        dedupeKey: `recurring-statement:${item.id}:${date}`,
      });
  }
  return id;
}

async function makeExpense(tx: Tx, company: CompanyRow, item: ItemRow, date: string) {
  const d = docOf(item);
  return writeExpense(
    tx,
    company,
    {
      expenseDate: documentDate(item, date),
      dueDate: null,
      to: d.to ?? '',
      supplierId: item.supplierId,
      price: amountText(d.price ?? 0),
      description: d.description ?? '',
      paid: d.paid ?? false,
      methodPaid: d.methodPaid ?? '',
      hasWarranty: d.hasWarranty ?? false,
      warrantyValidDate: d.warrantyValidDate ?? null,
      ledgerAccountId: d.ledgerAccountId ?? null,
      isRecurring: false,
      recurringType: '',
    },
    item.createdBy,
  );
}

async function makeJob(tx: Tx, company: CompanyRow, item: ItemRow, date: string) {
  const d = docOf(item);
  const start = d.startTime ? instantOfWallTime(`${date}T${d.startTime}`, company.timeZone) : null;
  const end = start
    ? new Date(Date.parse(start) + (d.durationMinutes ?? 60) * 60_000).toISOString()
    : undefined;
  // A type deleted or members who left since are dropped (the company's first type instead),
  // so the run does not fail forever.
  const type = d.appointmentTypeId ? await findType(tx, company.id, d.appointmentTypeId) : null;
  const active = new Set(
    (await listMembers(tx, company.id)).filter((m) => !m.disabled).map((m) => m.userId),
  );
  const saved = await writeJob(tx, company.id, systemCaller(company.id), {
    status: start ? 'Scheduled' : 'Unscheduled',
    ...(start && { startDate: start, endDate: end, isAllDayEvent: d.isAllDayEvent ?? false }),
    appointmentTypeId: type?.id,
    entityId: item.entityId,
    userId: d.userId && active.has(d.userId) ? d.userId : null,
    assignedUsers: (d.assignedUsers ?? []).filter((u) => active.has(u)),
    ...(d.priority ? { priority: d.priority as 'Low' } : {}),
    faultDescription: d.faultDescription ?? '',
    // The invoice the job will make (a line whose price-list item was deleted since loses the link).
    ...(item.descriptions.length > 0 && {
      lineItems: await withLiveItemIds(tx, company.id, item.descriptions),
      ...(item.discount && { discount: item.discount }),
    }),
  });
  return saved.id;
}

/**
 * Makes the item's document of `date` in the caller's transaction; null when
 * the client was deleted (an incident instead).
 */
export async function makeDocument(
  tx: Tx,
  company: CompanyRow,
  item: ItemRow,
  date: string,
): Promise<string | null> {
  if (item.type !== 'expenses' && (await clientGone(tx, item))) return null;
  const id =
    item.type === 'invoices'
      ? await makeInvoice(tx, company, item, date)
      : item.type === 'expenses'
        ? await makeExpense(tx, company, item, date)
        : await makeJob(tx, company, item, date);
  // After the document's own events (invoice.created, job.created): docs/webhooks.md.
  await emitWebhook(tx, company.id, 'recurring.run', {
    recurringId: item.id,
    type: item.type,
    date,
    documentId: id,
  });
  return id;
}
