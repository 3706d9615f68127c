import { RECIPIENT, supplierHeader } from './invoice-html.js';
import { DOCUMENT_CSS } from './styles.js';

/**
 * The shipped credit note (VAT Act s21(3)(a), docs/payments.md): the words
 * "Credit note", the supplier's and the recipient's names, addresses and VAT
 * numbers, its own number and date, the invoice it corrects, the value
 * reduced and the VAT on it, and the reason. A print after the first is
 * marked "Copy".
 */
export const CREDIT_NOTE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<style>${DOCUMENT_CSS}
.copy-mark { text-align: right; font-size: 14pt; font-weight: 800; color: #b91c1c; }</style>
</head>
<body>
<div class="sheet">
{{#if creditNote.copy}}<div class="copy-mark">COPY</div>{{/if}}
${supplierHeader(
  '{{#if company.hasVat}}Tax credit note{{else}}Credit note{{/if}}',
  `<tr><th>Credit note</th><td>{{creditNote.number}}</td></tr>
      <tr><th>Date</th><td>{{creditNote.date}}</td></tr>
      <tr><th>Corrects invoice</th><td>{{creditNote.invoiceNumber}}</td></tr>
      <tr><th>Invoice date</th><td>{{creditNote.invoiceDate}}</td></tr>`,
)}
<section class="parties">
  ${RECIPIENT.replace('{{#if invoice.isQuote}}Prepared for{{else}}Bill to{{/if}}', 'Credited to')}
</section>
<table class="lines">
  <thead>
    <tr>
      <th>Description</th>
      <th class="num">Qty</th>
      <th class="num">Unit price</th>
      <th class="num">Amount</th>
    </tr>
  </thead>
  <tbody>
    {{#each creditNote.lines}}<tr>
      <td>{{description}}</td>
      <td class="num">{{qty}}</td>
      <td class="num">{{unitPrice}}</td>
      <td class="num">{{amount}}</td>
    </tr>{{/each}}
    {{#unless creditNote.hasLines}}<tr><td colspan="4">Amount credited on invoice {{creditNote.invoiceNumber}}</td></tr>{{/unless}}
  </tbody>
</table>
<table class="totals">
  {{#if company.hasVat}}<tr><th>Value reduced (excl. {{company.taxLabel}})</th><td>{{creditNote.net}}</td></tr>
  <tr><th>{{company.taxLabel}} reduced</th><td>{{creditNote.vat}}</td></tr>{{/if}}
  <tr class="grand"><th>Total credited</th><td>{{creditNote.total}}</td></tr>
</table>
<section class="notes">
  <div class="label">Reason</div>
  <div>{{creditNote.reason}}</div>
</section>
</div>
</body>
</html>`;

export const CREDIT_NOTE_EMAIL = `Dear {{client.fullName}},

Please find attached credit note {{creditNote.number}} for {{creditNote.total}}, correcting invoice {{creditNote.invoiceNumber}}.

Reason: {{creditNote.reason}}

Kind regards,
{{company.name}}`;
