import type { FastifyBaseLogger } from 'fastify';
import {
  amountDue,
  depositAmount,
  formatMoney,
  invoiceBalance,
  paymentSettles,
  todayIn,
} from '@fieldbook/core';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField } from '../../platform/errors.js';
import {
  confirmWithPayfast,
  itnParamString,
  itnSignatureValid,
  parseFormBody,
  payfastBase,
} from '../../platform/payfast.js';
import type { Tx } from '../../db/client.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { insertIncident } from '../incidents/index.js';
import { applyPayments } from '../invoices/index.js';
import { PAYFAST_METHOD, insertPaymentOnce, lockPayableInvoice } from '../payments/index.js';
import * as repo from './payfast.repo.js';

/** What became of a notification that passed every check. */
export type ItnOutcome = 'paid' | 'duplicate' | 'incident' | 'not-complete';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

export type PayfastService = ReturnType<typeof createPayfastService>;

export function createPayfastService(
  deps: Pick<AppDeps, 'database' | 'config' | 'sealer' | 'events'>,
) {
  const db = deps.database.db;

  /**
   * The company the notification is for: the one named by custom_str1 (our
   * pay form puts the company id there), else the only company with that
   * PayFast merchant id.
   */
  async function companyOf(f: Map<string, string>): Promise<CompanyRow | null> {
    const named = f.get('custom_str1') ?? '';
    const direct = isUuid(named) ? await getCompany(db, named.toLowerCase()) : null;
    if (direct?.payfast) return direct;
    const ids = await repo.unsafeCompanyIdsByMerchant(db, f.get('merchant_id') ?? '');
    return ids.length === 1 ? getCompany(db, ids[0]!) : null;
  }

  return {
    /**
     * PayFast's ITN (custom integration, step 4): the signature with the
     * company's passphrase, the merchant, then PayFast's own confirmation,
     * and only then the database. A COMPLETE payment marks the invoice paid
     * once per PayFast payment id; one that matches no invoice, or not its
     * balance, raises an incident instead. Throws a 4xx for a notification
     * that is not PayFast's, a 503 when PayFast cannot be asked (it retries).
     */
    async notify(body: unknown, log: FastifyBaseLogger): Promise<ItnOutcome> {
      if (typeof body !== 'string') throw new HttpError(400, 'Expected a form-encoded body');
      const posted = parseFormBody(body);
      // What is recorded must be exactly what is signed and confirmed: a field
      // given twice, or anything after the signature, could otherwise differ
      // from what PayFast reads when it confirms.
      const cut = posted.findIndex((p) => p.name === 'signature');
      if (cut >= 0 && cut !== posted.length - 1)
        throw badField('signature', 'must be the last field');
      const f = new Map<string, string>();
      for (const p of posted) {
        if (f.has(p.name)) throw badField(p.name, 'is given more than once');
        f.set(p.name, p.value);
      }
      for (const name of ['signature', 'merchant_id', 'pf_payment_id', 'payment_status']) {
        if (!f.get(name)?.trim()) throw badField(name, 'is required');
      }
      const amount = f.get('amount_gross')?.trim() ?? '';
      if (!AMOUNT.test(amount)) throw badField('amount_gross', 'must be an amount');

      const company = await companyOf(f);
      if (!company?.payfast) {
        log.warn({ merchant: f.get('merchant_id') }, 'PayFast notification for no known company');
        throw new HttpError(400, 'Unknown merchant');
      }
      const pf = company.payfast;
      const passphrase = pf.passphraseSealed ? deps.sealer.open(pf.passphraseSealed) : null;
      if (!itnSignatureValid(posted, passphrase)) throw new HttpError(400, 'Invalid signature');
      if (f.get('merchant_id') !== pf.merchantId) throw badField('merchant_id', 'is not ours');

      let confirmed: boolean;
      try {
        confirmed = await confirmWithPayfast(
          payfastBase(deps.config.payfastUrl, pf.sandbox),
          itnParamString(posted),
        );
      } catch (err) {
        log.error({ err }, 'PayFast validate call failed');
        throw new HttpError(503, 'PayFast could not confirm the notification; please retry');
      }
      if (!confirmed) throw new HttpError(400, 'PayFast did not confirm this notification');
      // Cancelled or pending payments change nothing, and leave the id free for the COMPLETE one.
      if (f.get('payment_status') !== 'COMPLETE') return 'not-complete';

      const outcome = await db.transaction((tx) =>
        record(tx, company, f, amount, Object.fromEntries(f)),
      );
      if (outcome.paidInvoice) {
        deps.events.emit({
          companyId: company.id,
          name: 'invoicesChanged',
          ids: [outcome.paidInvoice],
        });
      }
      return outcome.kind;
    },
  };
}

/** One transaction: the payment row (once per PayFast id), then the invoice or an incident. */
async function record(
  tx: Tx,
  company: CompanyRow,
  f: Map<string, string>,
  amount: string,
  payload: Record<string, string>,
): Promise<{ kind: ItnOutcome; paidInvoice?: string }> {
  const ref = f.get('m_payment_id') ?? '';
  const found = isUuid(ref) ? await lockPayableInvoice(tx, company.id, ref.toLowerCase()) : null;
  // An invoice pays its balance; a quote only the deposit it asks for (docs/payments.md).
  const invoice = found && (!found.isQuote || found.deposit) ? found : null;
  const balance = invoice
    ? invoiceBalance(invoice.total, invoice.amountPaid, invoice.amountCredited)
    : 0;
  // What is still owed on a deposit asked: a quote's only payable amount, and on the invoice a
  // quote became (accepted before its deposit form was paid) a part payment it also takes.
  const depositOwed = invoice?.deposit
    ? amountDue(balance, {
        amount: depositAmount(invoice.deposit, invoice.total),
        paid: invoice.amountPaid,
      })
    : 0;
  const due = !invoice ? 0 : invoice.isQuote ? depositOwed : balance;
  const asDeposit = !!invoice && depositOwed > 0 && paymentSettles(amount, depositOwed);
  const fits = !!invoice && ((due > 0 && paymentSettles(amount, due)) || asDeposit);

  const paymentId = await insertPaymentOnce(tx, company.id, {
    invoiceId: fits ? invoice.id : null,
    provider: company.payfast?.sandbox ? 'payfast-sandbox' : 'payfast',
    providerPaymentId: f.get('pf_payment_id')!,
    reference: ref.slice(0, 100),
    amount,
    status: f.get('payment_status')!,
    payload,
    datePaid: todayIn(company.timeZone),
    method: PAYFAST_METHOD,
    note:
      fits && asDeposit && !paymentSettles(amount, balance)
        ? `Deposit on quote ${invoice.quoteNumber ?? ''}`.trim()
        : fits && invoice.isQuote
          ? `Deposit on quote ${invoice.quoteNumber ?? ''}`.trim()
          : '',
  });
  if (!paymentId) return { kind: 'duplicate' };

  if (fits) {
    await applyPayments(tx, company.id, [invoice.id]);
    return { kind: 'paid', paidInvoice: invoice.id };
  }

  const email = f.get('email_address')?.trim();
  const ids = [`PayFast id ${f.get('pf_payment_id')}`, ...(ref ? [`reference ${ref}`] : [])];
  const from = email ? ` from ${email}` : '';
  const paid = `PayFast payment of ${formatMoney(amount)}${from} (${ids.join(', ')})`;
  await insertIncident(tx, company.id, {
    recordKind: 'payment',
    recordId: paymentId,
    value: describePayer(f).slice(0, 200),
    description: !invoice
      ? `${paid} matches no invoice`
      : invoice.isQuote
        ? `${paid} does not match the deposit of ${formatMoney(due)} owed on quote ${
            invoice.quoteNumber ?? ''
          }; it was not recorded on the quote`
        : `${paid} does not match the balance of ${formatMoney(balance)} of invoice ${
            invoice.invoiceNumber ?? ''
          }; the invoice was not marked paid`,
  });
  return { kind: 'incident' };
}

/** Who paid, as PayFast gave it: the name, else the e-mail address, else the reference. */
function describePayer(f: Map<string, string>): string {
  const name = `${f.get('name_first') ?? ''} ${f.get('name_last') ?? ''}`.trim();
  return name || f.get('email_address')?.trim() || f.get('m_payment_id') || 'Unknown payer';
}
