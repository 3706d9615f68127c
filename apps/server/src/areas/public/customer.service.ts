import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ZEmail,
  amountText,
  invoiceBalance,
  documentNumber,
  splitRecipients,
  toAmount,
  type TCustomerInvoice,
} from '@fieldbook/core';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { payfastBase, processUrl, signedForm, type FormField } from '../../platform/payfast.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { depositFigures, invoiceDocument } from '../invoices/index.js';
import * as repo from './customer.repo.js';

/** The one answer for every link that does not name an invoice, so a guess learns nothing. */
const NOT_FOUND = 'Invoice not found';
/** Keys are 64 hex characters today; anything far from that shape is not worth a query. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

const digest = (s: string) => createHash('sha256').update(s).digest();

export type CustomerService = ReturnType<typeof createCustomerService>;

export function createCustomerService(
  deps: Pick<AppDeps, 'database' | 'config' | 'pdf' | 'sealer'>,
) {
  const db = deps.database.db;

  /**
   * The invoice the link names: all three parts must match. The key is
   * compared in constant time with the keys of that client's invoices (as
   * fixed-length digests, which timingSafeEqual needs).
   */
  async function find(companyId: string, clientId: string, key: string) {
    if (!isUuid(companyId) || !isUuid(clientId) || !KEY_SHAPE.test(key)) throw notFound(NOT_FOUND);
    const cid = companyId.toLowerCase();
    const company = await getCompany(db, cid);
    if (!company) throw notFound(NOT_FOUND);
    const given = digest(key);
    let id: string | null = null;
    for (const row of await repo.listClientInvoiceKeys(db, cid, clientId.toLowerCase())) {
      if (timingSafeEqual(digest(row.publicKey), given)) id = row.id;
    }
    const invoice = id ? await repo.findPublicInvoice(db, cid, id) : null;
    if (!invoice) throw notFound(NOT_FOUND);
    return { company, invoice };
  }

  return {
    /** `GET /customer/{companyId}/{entityId}/{key}`: the rendered invoice and what the page shows around it. */
    async view(companyId: string, clientId: string, key: string): Promise<TCustomerInvoice> {
      const { company, invoice } = await find(companyId, clientId, key);
      const doc = await invoiceDocument(deps, company.id, invoice.id);
      const balance = invoiceBalance(invoice.total, invoice.amountPaid, invoice.amountCredited);
      const number = documentNumber(invoice);
      // An invoice pays its balance; a quote the deposit it still asks for (docs/payments.md).
      const deposit = invoice.isQuote && invoice.deposit ? depositFigures(invoice) : null;
      const due = invoice.isQuote ? (deposit?.depositDue ?? 0) : balance;
      const payable =
        (invoice.isQuote || !invoice.paid) &&
        due > 0 &&
        !!company.payfast?.merchantId &&
        !!company.payfast.merchantKey;
      const detail: TCustomerInvoice['detail'] = {
        paid: invoice.paid,
        // A quote is neither paid nor unpaid: it shows no ribbon.
        hideInvoiceLabel: company.hideInvoiceLabel || invoice.isQuote,
        payfast: payable,
        invoiceNumber: number,
        isQuote: invoice.isQuote,
        companyName: company.companyName,
        total: toAmount(invoice.total),
        balance,
        amountDue: due,
        ...(deposit && { deposit: { amount: deposit.depositAmount, due: deposit.depositDue } }),
      };
      if (payable) {
        const form = payForm(deps, company, invoice, doc.invoice.publicUrl, due);
        detail.url = form.url;
        detail.keys = form.fields.filter((f) => f.name !== 'signature');
        detail.sec = form.fields.find((f) => f.name === 'signature')!.value;
      }
      return { html: doc.html, detail };
    },

    /**
     * `GET /customer/.../download`: the same invoice as a PDF. A visitor's
     * prints are bounded by their address, as a user's are by their id.
     */
    async pdf(companyId: string, clientId: string, key: string, ip: string) {
      const { company, invoice } = await find(companyId, clientId, key);
      const doc = await invoiceDocument(deps, company.id, invoice.id);
      return {
        fileName: doc.fileName,
        pdf: await deps.pdf.print(doc.html, { owner: `public:${ip}`, company: company.id }),
      };
    },
  };
}

/**
 * PayFast's pay form for the invoice's balance (a quote's deposit owed). `m_payment_id` is the
 * invoice's id (not its public key, which would then sit in PayFast's
 * reports) and `custom_str1` the company's, which is how the notification
 * finds the invoice again. PayFast returns the buyer to the public link.
 */
function payForm(
  deps: Pick<AppDeps, 'config' | 'sealer'>,
  company: CompanyRow,
  invoice: repo.PublicInvoice,
  link: string,
  amount: number,
): { url: string; fields: FormField[] } {
  const pf = company.payfast!;
  const passphrase = pf.passphraseSealed ? deps.sealer.open(pf.passphraseSealed) : null;
  const email = [...splitRecipients(invoice.toEmail), invoice.clientEmail ?? ''].find(
    (e) => ZEmail.safeParse(e).success,
  );
  const fields = signedForm(
    {
      merchant_id: pf.merchantId,
      merchant_key: pf.merchantKey,
      return_url: link,
      cancel_url: link,
      notify_url: `${deps.config.publicUrl}/api/payfast/notify`,
      name_first: (invoice.clientName ?? '').slice(0, 100),
      name_last: (invoice.clientSurname ?? '').slice(0, 100),
      email_address: email ?? '',
      m_payment_id: invoice.id,
      amount: amountText(amount),
      item_name: (invoice.isQuote
        ? `Deposit on quote ${invoice.quoteNumber ?? ''}`
        : `Invoice ${invoice.invoiceNumber ?? ''}`
      ).slice(0, 100),
      item_description: company.companyName.slice(0, 255),
      custom_str1: company.id,
    },
    passphrase,
  );
  return { url: processUrl(payfastBase(deps.config.payfastUrl, pf.sandbox)), fields };
}
