import type { TInvoiceTemplate, TStatementTemplate, TTemplate } from '@fieldbook/core';
import type { TemplateRow, TemplateWithCompany } from './templates.repo.js';

/** Shown as the owner of shipped templates. */
export const ALL_COMPANIES = 'All companies';

/**
 * Whether `companyId`'s caller may save the template: a company's own
 * template (not shared with all companies) by its members, any template by a
 * super user.
 */
export function mayEdit(t: TemplateRow, companyId: string, isSuper: boolean): boolean {
  return isSuper || (t.companyId === companyId && !t.anyCompany);
}

/** Every company uses it: shipped with the product (no company), or shared with all companies. */
export const isShared = (t: TemplateRow): boolean => t.companyId === null || t.anyCompany;

function common(r: TemplateWithCompany, companyId: string, isSuper: boolean) {
  const t = r.template;
  return {
    _id: t.id,
    // The switch reads what the list says: a shipped template is every company's.
    anyCompany: isShared(t),
    companyName: t.companyId ? (r.companyName ?? '') : ALL_COMPANIES,
    fields: t.fields,
    builtIn: t.builtIn,
    editable: mayEdit(t, companyId, isSuper),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export type Presenter<T> = (r: TemplateWithCompany, companyId: string, isSuper: boolean) => T;

export const presentInvoiceTemplate: Presenter<TInvoiceTemplate> = (r, cid, sup) => ({
  ...common(r, cid, sup),
  invoiceTemplateName: r.template.name,
  invoiceTemplateEmailBody: r.template.emailBody,
  template: r.template.html,
});

export const presentStatementTemplate: Presenter<TStatementTemplate> = (r, cid, sup) => ({
  ...common(r, cid, sup),
  statementTemplateName: r.template.name,
  statementTemplateEmailBody: r.template.emailBody,
  template: r.template.html,
});

export const presentTemplate: Presenter<TTemplate> = (r, cid, sup) => ({
  ...common(r, cid, sup),
  templateName: r.template.name,
  description: r.template.description,
  template: r.template.html,
  templateEmailBody: r.template.emailBody,
  type: r.template.type,
  isInvoice: r.template.isInvoice,
  isStatement: r.template.isStatement,
});
