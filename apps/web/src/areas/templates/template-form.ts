import type { UseFormReturnType } from '@mantine/form';
import {
  ZTemplateField,
  type TCompany,
  type TTemplateField,
  type TTemplateType,
} from '@fieldbook/core';
import type { DefaultKey } from '../../api/use-templates';
import type { TemplateDoc, TemplateKind, TemplateValues } from '../../api/template-shapes';

export type TemplateForm = UseFormReturnType<TemplateValues>;

export const TYPE_LABELS: Record<TTemplateType, string> = {
  invoice: 'Invoice',
  statement: 'Statement',
  custom: 'Custom',
};

export const FIELD_TYPES: { value: TTemplateField['type']; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'textArea', label: 'Text area' },
  { value: 'date', label: 'Date' },
];

const KIND_TYPE: Record<Exclude<TemplateKind, 'general'>, TTemplateType> = {
  invoice: 'invoice',
  statement: 'statement',
};

/** A new template: name 'New', description 'New description' (spec defaults). */
export function newTemplateValues(kind: TemplateKind): TemplateValues {
  const type = kind === 'general' ? 'custom' : KIND_TYPE[kind];
  return {
    name: 'New',
    description: 'New description',
    emailBody: '',
    html: STARTER[type],
    type,
    fields: [],
    anyCompany: false,
    isInvoice: type === 'invoice',
    isStatement: type === 'statement',
  };
}

export function templateToValues(t: TemplateDoc): TemplateValues {
  return {
    name: t.name,
    description: t.description,
    emailBody: t.emailBody,
    html: t.html,
    type: t.type,
    fields: t.fields.map((f) => ({ ...f })),
    anyCompany: t.anyCompany,
    isInvoice: t.isInvoice,
    isStatement: t.isStatement,
  };
}

/** The first problem of an extra field's name or label, in the words of the server's schema. */
export const fieldError = (key: 'name' | 'label') => (value: string) => {
  const r = ZTemplateField.shape[key].safeParse(value);
  return r.success ? null : `${key === 'name' ? 'Name' : 'Label'} ${r.error.issues[0]?.message}`;
};

/** Which document the preview (and the PDF) fills the HTML for. */
export function previewType(kind: TemplateKind, v: TemplateValues): TTemplateType {
  if (kind === 'invoice') return 'invoice';
  if (kind === 'statement') return 'statement';
  return v.type;
}

/** Invoice templates add fields to the invoice editor. */
export function hasExtraFields(kind: TemplateKind, v: TemplateValues): boolean {
  return kind === 'invoice' || (kind === 'general' && (v.type === 'invoice' || v.isInvoice));
}

/** The shipped template a company uses while it has chosen none. */
const SHIPPED_DEFAULT: Record<DefaultKey, string> = {
  invoiceTemplateId: 'tax-invoice',
  quoteTemplateId: 'quote',
  statementTemplateId: 'statement',
};

/** Whether `t` is what the company uses now for `key` (its choice, else the shipped one). */
export function isDefaultFor(company: TCompany | null, key: DefaultKey, t: TemplateDoc): boolean {
  if (!company) return false;
  const chosen = company[key];
  return chosen ? chosen === t._id : t.builtIn === SHIPPED_DEFAULT[key];
}

/** Placeholders the e-mail body may use (filled by the server, as in the shipped templates). */
export const EMAIL_PLACEHOLDERS: Record<TemplateKind, string[]> = {
  invoice: [
    '{{client.name}}',
    '{{invoice.title}}',
    '{{invoice.number}}',
    '{{totals.total}}',
    '{{invoice.dueDate}}',
    '{{invoice.publicUrl}}',
    '{{company.name}}',
  ],
  statement: ['{{client.name}}', '{{statement.date}}', '{{statement.total}}', '{{company.name}}'],
  general: ['{{client.name}}', '{{company.name}}'],
};

/** A small start for a new template, so the preview shows something to change. */
const STARTER: Record<TTemplateType, string> = {
  invoice: `<h1>{{invoice.title}} {{invoice.number}}</h1>
<p>{{company.name}}<br>{{invoice.date}}</p>
<p>Bill to: {{client.fullName}}</p>
<table>
  {{#each lines}}<tr><td>{{description}}</td><td>{{qty}}</td><td>{{amount}}</td></tr>{{/each}}
</table>
<p>Total: {{totals.total}}</p>
`,
  statement: `<h1>Statement</h1>
<p>{{company.name}}<br>{{statement.date}}</p>
<p>Statement for: {{client.fullName}}</p>
<table>
  {{#each statement.lines}}<tr><td>{{date}}</td><td>{{number}}</td><td>{{debit}}</td><td>{{credit}}</td><td>{{balance}}</td></tr>{{/each}}
</table>
<p>Balance due: {{statement.total}}</p>
`,
  custom: `<h1>{{company.name}}</h1>
<p>Dear {{client.name}},</p>
`,
};
