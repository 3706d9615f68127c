import type { Tx } from '../../../db/client.js';
import { sanitiseHtml } from '../../../platform/html-sanitise.js';
import { unsafeUpsertShipped } from '../templates.repo.js';
import { QUOTE_EMAIL, QUOTE_HTML } from './quote.js';
import { STATEMENT_EMAIL, STATEMENT_HTML } from './statement.js';
import { TAX_INVOICE_EMAIL, TAX_INVOICE_HTML } from './tax-invoice.js';

/** The keys of the shipped templates, the fallback of every document. */
export const SHIPPED = { invoice: 'tax-invoice', quote: 'quote', statement: 'statement' } as const;

const TEMPLATES = [
  {
    builtIn: SHIPPED.invoice,
    type: 'invoice' as const,
    name: 'Tax Invoice',
    description: 'South African tax invoice (shipped with Fieldbook)',
    html: TAX_INVOICE_HTML,
    emailBody: TAX_INVOICE_EMAIL,
    isInvoice: true,
    isStatement: false,
  },
  {
    builtIn: SHIPPED.quote,
    type: 'invoice' as const,
    name: 'Quotation',
    description: 'Quotation with a valid-until date (shipped with Fieldbook)',
    html: QUOTE_HTML,
    emailBody: QUOTE_EMAIL,
    isInvoice: true,
    isStatement: false,
  },
  {
    builtIn: SHIPPED.statement,
    type: 'statement' as const,
    name: 'Statement',
    description: 'Client statement with aging (shipped with Fieldbook)',
    html: STATEMENT_HTML,
    emailBody: STATEMENT_EMAIL,
    isInvoice: false,
    isStatement: true,
  },
];

/**
 * Writes the shipped templates (idempotent; run at every start after the
 * migrations, so a new version's templates replace the old unless a super
 * user has edited them).
 */
export async function installShippedTemplates(db: Tx): Promise<void> {
  for (const t of TEMPLATES) {
    await unsafeUpsertShipped(db, {
      ...t,
      html: sanitiseHtml(t.html),
      anyCompany: false,
      fields: [],
    });
  }
}
