import { DOCUMENT_CSS } from './styles.js';

/** The header shared by the shipped documents: logo, supplier, title and the document's own facts. */
export function supplierHeader(title: string, meta: string): string {
  return `<header class="top">
  <div class="brand">
    {{#if company.logoUrl}}<img class="logo" src="{{company.logoUrl}}" alt="" />{{/if}}
    <div class="supplier">
      <div class="name">{{company.name}}</div>
      {{#each company.addressLines}}<div>{{this}}</div>{{/each}}
      {{#if company.phone}}<div>Tel: {{company.phone}}</div>{{/if}}
      {{#if company.email}}<div>{{company.email}}</div>{{/if}}
      {{#if company.vatNumber}}<div><strong>VAT No:</strong> {{company.vatNumber}}</div>{{/if}}
    </div>
  </div>
  <div class="doc">
    <h1>${title}</h1>
    <table class="meta">${meta}</table>
  </div>
</header>`;
}

/** The recipient block: the client's name, address, contact details, VAT number and extra fields. */
export const RECIPIENT = `<div class="party">
    <div class="label">{{#if invoice.isQuote}}Prepared for{{else}}Bill to{{/if}}</div>
    <div class="who">{{client.fullName}}</div>
    {{#each client.addressLines}}<div>{{this}}</div>{{/each}}
    {{#if client.email}}<div>{{client.email}}</div>{{/if}}
    {{#if client.phone}}<div>Tel: {{client.phone}}</div>{{/if}}
    {{#if client.vatNumber}}<div><strong>VAT No:</strong> {{client.vatNumber}}</div>{{/if}}
    {{#each client.fields}}<div><span class="muted">{{label}}:</span> {{value}}</div>{{/each}}
  </div>`;

/** A whole invoice-like document (tax invoice or quote) around the shared style. */
export function invoiceLike(o: { title: string; meta: string; totalsEnd: string; footer: string }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<style>${DOCUMENT_CSS}</style>
</head>
<body>
<div class="sheet">
${supplierHeader(o.title, o.meta)}
<section class="parties">
  ${RECIPIENT}
  {{#if invoice.extraFields}}<div class="party">
    <div class="label">Details</div>
    {{#each invoice.extraFields}}<div><span class="muted">{{label}}:</span> {{value}}</div>{{/each}}
  </div>{{/if}}
</section>
<table class="lines">
  <thead>
    <tr>
      <th>Description</th>
      <th class="num">Qty</th>
      <th class="num">Unit price</th>
      {{#if tax.hasVat}}<th class="num">{{tax.label}}</th>{{/if}}
      <th class="num">Amount</th>
    </tr>
  </thead>
  <tbody>
    {{#each lines}}<tr>
      <td>{{#if code}}<span class="muted">{{code}}</span> {{/if}}{{description}}{{#if notes}}<div class="note">{{notes}}</div>{{/if}}</td>
      <td class="num">{{qty}}</td>
      <td class="num">{{unitPrice}}</td>
      {{#if ../tax.hasVat}}<td class="num">{{vat}}</td>{{/if}}
      <td class="num">{{amount}}</td>
    </tr>{{/each}}
  </tbody>
</table>
<section class="bottom">
  <div class="notes">{{#if invoice.notes}}<div class="label">Notes</div>{{invoice.notes}}{{/if}}</div>
  <table class="totals">
    <tr><th>Subtotal</th><td>{{totals.subtotal}}</td></tr>
    {{#if totals.hasDiscount}}<tr><th>{{totals.discountLabel}}</th><td>-{{totals.discount}}</td></tr>{{/if}}
    {{#if tax.hasVat}}<tr><th>{{totals.tax1Label}}</th><td>{{totals.tax1Shown}}</td></tr>{{/if}}
    {{#if tax.hasSecondTax}}<tr><th>{{totals.tax2Label}}</th><td>{{totals.tax2Shown}}</td></tr>{{/if}}
    <tr class="grand"><th>Total</th><td>{{totals.total}}</td></tr>
    ${o.totalsEnd}
  </table>
</section>
<footer>${o.footer}</footer>
</div>
</body>
</html>
`;
}
