import { invoiceLike } from './invoice-html.js';

/** The shipped quotation: the tax invoice's look, with the quote number and a valid-until date. */
export const QUOTE_HTML = invoiceLike({
  title: 'Quotation',
  meta: `<tr><th>Quote no.</th><td>{{invoice.number}}</td></tr>
      <tr><th>Date</th><td>{{invoice.date}}</td></tr>
      {{#if invoice.dueDate}}<tr><th>Valid until</th><td>{{invoice.dueDate}}</td></tr>{{/if}}`,
  totalsEnd: '',
  footer: `{{#if acceptance.accepted}}<div class="accepted" style="text-align:left;margin-bottom:12px"><div><strong>Accepted</strong> by {{acceptance.name}} on {{acceptance.date}}{{#if acceptance.poNumber}}, PO number {{acceptance.poNumber}}{{/if}}.</div>{{#if acceptance.signature}}<img src="{{acceptance.signature}}" alt="Signature of {{acceptance.name}}" style="height:56px;margin-top:4px">{{/if}}</div>{{/if}}<div>{{#if invoice.dueDate}}This quotation is valid until {{invoice.dueDate}}. {{/if}}Prices in rand{{#if tax.hasVat}}, {{tax.label}} {{#if tax.included}}included{{else if tax.deducted}}deducted{{else}}shown separately{{/if}}{{/if}}{{#if tax.hasSecondTax}}, {{tax.secondLabel}} {{#if tax.secondIncluded}}included{{else if tax.secondDeducted}}deducted{{else}}shown separately{{/if}}{{/if}}.</div>`,
});

export const QUOTE_EMAIL = `Dear {{client.name}},

Please find attached quotation {{invoice.number}} for {{totals.total}}, valid until {{invoice.dueDate}}.
{{#if invoice.publicUrl}}
You can view it online: {{invoice.publicUrl}}
{{/if}}
Kind regards,
{{company.name}}`;
