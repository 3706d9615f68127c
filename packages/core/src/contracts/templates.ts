import { z } from 'zod';
import { optId } from './common.js';

/** Template kinds (spec: general template `type`). */
export const TEMPLATE_TYPES = ['invoice', 'statement', 'custom'] as const;
export const ZTemplateType = z.enum(TEMPLATE_TYPES);
export type TTemplateType = z.infer<typeof ZTemplateType>;

/** The largest template HTML accepted: 512 kB. */
export const MAX_TEMPLATE_HTML = 512 * 1024;

/**
 * Names every object already answers to ('constructor', 'toString',
 * '__proto__', ...): a field so named would read the built-in instead of
 * its value, so they are refused.
 */
const isReservedName = (name: string) => name in Object.prototype;

const fieldName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'must be a name of letters, digits and _');
const fieldShape = {
  name: fieldName,
  label: z.string().trim().min(1, 'is required').max(60),
  type: z.enum(['text', 'textArea', 'date']),
};

/** An extra field a template adds to the invoice editor; its value is `invoice.custom[name]`. */
export const ZTemplateField = z.object({
  ...fieldShape,
  name: fieldName.refine((n) => !isReservedName(n), 'is a reserved name'),
});
export type TTemplateField = z.infer<typeof ZTemplateField>;
/** An extra field as stored and answered: one saved before reserved names were refused still reads. */
const ZStoredTemplateField = z.object(fieldShape);

const html = z.string().max(MAX_TEMPLATE_HTML, 'is too long (at most 512 kB)');
const emailBody = z.string().max(20_000).optional().default('');
const name = z.string().trim().min(1, 'is required').max(120);
const fields = z.array(ZTemplateField).max(30).optional().default([]);
/**
 * Rank super's explicit choice to change a template every company uses (a
 * shipped one, or one shared with all companies); without it such a save is
 * refused with a 400 naming this field.
 */
const forEveryCompany = z.boolean().optional();

/** Who may change a template, told to the browser so it can show read-only. */
const common = {
  _id: z.string(),
  companyName: z.string(),
  fields: z.array(ZStoredTemplateField),
  /** Shipped with the product (`tax-invoice`, `quote`, `statement`) or null. */
  builtIn: z.string().nullable(),
  /** Every company sees it: shared with all companies, or shipped with the product. */
  anyCompany: z.boolean(),
  /** Whether the caller may save it (a shipped or all-companies one needs rank super). */
  editable: z.boolean(),
  updatedAt: z.string(),
};

/** `/invoiceTemplate` */
export const ZInvoiceTemplateSave = z.object({
  _id: optId,
  invoiceTemplateName: name,
  invoiceTemplateEmailBody: emailBody,
  template: html,
  fields,
  anyCompany: z.boolean().optional(),
  forEveryCompany,
});
export type TInvoiceTemplateSave = z.input<typeof ZInvoiceTemplateSave>;
export const ZInvoiceTemplate = z.object({
  ...common,
  invoiceTemplateName: z.string(),
  invoiceTemplateEmailBody: z.string(),
  template: z.string(),
});
export type TInvoiceTemplate = z.infer<typeof ZInvoiceTemplate>;

/** `/statementTemplate` */
export const ZStatementTemplateSave = z.object({
  _id: optId,
  statementTemplateName: name,
  statementTemplateEmailBody: emailBody,
  template: html,
  anyCompany: z.boolean().optional(),
  forEveryCompany,
});
export type TStatementTemplateSave = z.input<typeof ZStatementTemplateSave>;
export const ZStatementTemplate = z.object({
  ...common,
  statementTemplateName: z.string(),
  statementTemplateEmailBody: z.string(),
  template: z.string(),
});
export type TStatementTemplate = z.infer<typeof ZStatementTemplate>;
/** The statement save answers its id twice (the specification reads `id`). */
export const ZStatementTemplateSaved = z.object({ _id: z.string(), id: z.string() });

/** `/templates`: the general template of any type. */
export const ZTemplateSave = z.object({
  _id: optId,
  templateName: name,
  description: z.string().max(500).optional().default(''),
  template: html,
  templateEmailBody: emailBody,
  type: ZTemplateType,
  anyCompany: z.boolean().optional(),
  isInvoice: z.boolean().optional(),
  isStatement: z.boolean().optional(),
  fields,
  forEveryCompany,
});
export type TTemplateSave = z.input<typeof ZTemplateSave>;
export const ZTemplate = z.object({
  ...common,
  templateName: z.string(),
  description: z.string(),
  template: z.string(),
  templateEmailBody: z.string(),
  type: ZTemplateType,
  isInvoice: z.boolean(),
  isStatement: z.boolean(),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/** `POST /templates/preview` and `/templates/pdf`: render unsaved HTML with sample or real data. */
export const ZTemplatePreview = z.object({
  template: html,
  type: ZTemplateType,
  /** An invoice (for invoice templates) or client (for statements) to fill it with; sample data otherwise. */
  recordId: optId,
  /** The unsaved template's extra fields, shown in `invoice.extraFields` (labels as sample values). */
  fields: z.array(ZTemplateField).max(30).optional(),
  /** Sample data only: fill an invoice template as an invoice (the default) or as a quote. */
  sample: z.enum(['invoice', 'quote']).optional(),
});
export const ZRenderedHtml = z.object({ html: z.string() });

/** `POST /templates/{id}/copy`: a copy owned by the company (a name, or the original's with "(copy)"). */
export const ZTemplateCopy = z.object({ name: name.optional() });
/** Why a save of a template every company uses is refused without `forEveryCompany`. */
export const FOR_EVERY_COMPANY_MESSAGE =
  'Every company uses this template: saving it changes it for every company. Confirm that, or copy it to your company.';

/** `POST /templates/{id}/images` answers where the image is served. */
export const ZTemplateImage = z.object({ _id: z.string(), url: z.string() });
