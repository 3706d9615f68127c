import { invoiceLike } from './invoice-html.js';

/**
 * The shipped South African tax invoice: the words "Tax Invoice" when the
 * company is VAT registered, supplier and recipient with their VAT numbers,
 * number and dates, lines with quantity, unit price, VAT rate and amount, and
 * the totals down to the balance due.
 */
export const TAX_INVOICE_HTML = invoiceLike({
  title: '{{invoice.title}}',
  meta: `<tr><th>Invoice no.</th><td>{{invoice.number}}</td></tr>
      <tr><th>Date</th><td>{{invoice.date}}</td></tr>
      <tr><th>Due date</th><td>{{invoice.dueDate}}</td></tr>`,
  totalsEnd: `<tr><th>Amount paid</th><td>{{totals.amountPaid}}</td></tr>
    <tr class="due"><th>Balance due</th><td>{{totals.balance}}</td></tr>`,
  footer: `{{#if invoice.paid}}<div class="paid-stamp">PAID{{#if invoice.datePaid}} {{invoice.datePaid}}{{/if}}</div>{{/if}}
  <div>Thank you for your business.{{#if company.phone}} Questions? Call {{company.phone}}.{{/if}}</div>`,
});

export const TAX_INVOICE_EMAIL = `Dear {{client.name}},

{{#if invoice.paid}}
Please find attached {{invoice.title}} {{invoice.number}} for {{totals.total}}, paid{{#if invoice.datePaid}} on {{invoice.datePaid}}{{/if}}. Thank you.
{{#if invoice.publicUrl}}
You can view it online: {{invoice.publicUrl}}
{{/if}}
{{else}}
Please find attached {{invoice.title}} {{invoice.number}} for {{totals.total}}, due on {{invoice.dueDate}}.
{{#if invoice.publicUrl}}
You can view and pay it online: {{invoice.publicUrl}}
{{/if}}
{{/if}}
Kind regards,
{{company.name}}`;
