import { RECIPIENT, supplierHeader } from './invoice-html.js';
import { DOCUMENT_CSS } from './styles.js';

/**
 * The shipped statement: every invoice and payment with the rolling balance,
 * then aging. A period's statement (`statement.hasPeriod`) also shows the
 * period and its closing balance; aging's balance due stays today's. Without
 * a period it prints exactly as before periods existed.
 */
export const STATEMENT_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<style>${DOCUMENT_CSS}</style>
</head>
<body>
<div class="sheet">
${supplierHeader(
  'Statement',
  `<tr><th>Date</th><td>{{statement.date}}</td></tr>
      {{#if statement.hasPeriod}}<tr><th>Period</th><td>{{statement.period}}</td></tr>
      <tr><th>Closing balance</th><td>{{statement.total}}</td></tr>{{else}}<tr><th>Balance due</th><td>{{statement.total}}</td></tr>{{/if}}`,
)}
<section class="parties">
  ${RECIPIENT.replace('{{#if invoice.isQuote}}Prepared for{{else}}Bill to{{/if}}', 'Statement for')}
</section>
<table class="lines">
  <thead>
    <tr>
      <th>Date</th>
      <th>Reference</th>
      <th>Description</th>
      <th class="num">Debit</th>
      <th class="num">Credit</th>
      <th class="num">Balance</th>
    </tr>
  </thead>
  <tbody>
    {{#each statement.lines}}<tr>
      <td class="num" style="text-align:left">{{date}}</td>
      <td>{{number}}</td>
      <td>{{description}}</td>
      <td class="num">{{debit}}</td>
      <td class="num">{{credit}}</td>
      <td class="num">{{balance}}</td>
    </tr>{{/each}}
    {{#unless statement.hasLines}}<tr><td colspan="6" class="muted">{{#if statement.hasPeriod}}Nothing in this period.{{else}}No invoices or payments yet.{{/if}}</td></tr>{{/unless}}
  </tbody>
</table>
<table class="aging">
  <thead>
    <tr><th>Current</th><th>30 days</th><th>60 days</th><th>90 days</th><th>120+ days</th><th>Balance due</th></tr>
  </thead>
  <tbody>
    <tr>
      <td>{{statement.aging.current}}</td>
      <td>{{statement.aging.d30}}</td>
      <td>{{statement.aging.d60}}</td>
      <td>{{statement.aging.d90}}</td>
      <td>{{statement.aging.d120}}</td>
      <td class="due">{{statement.balanceDue}}</td>
    </tr>
  </tbody>
</table>
<footer>Please contact {{company.name}}{{#if company.phone}} on {{company.phone}}{{/if}} with any questions about this statement.</footer>
</div>
</body>
</html>
`;

export const STATEMENT_EMAIL = `Dear {{client.name}},

Please find attached your statement from {{company.name}} as at {{statement.date}}. The balance due is {{statement.total}}.

Kind regards,
{{company.name}}`;
