import type {
  TInvoiceTemplate,
  TInvoiceTemplateSave,
  TStatementTemplate,
  TStatementTemplateSave,
  TTemplate,
  TTemplateField,
  TTemplateSave,
  TTemplateType,
} from '@fieldbook/core';

/**
 * The three template calls (`/invoiceTemplate`, `/statementTemplate`, `/templates`)
 * name the same things differently; the screens work on one shape and these
 * functions translate at the edge.
 */
export type TemplateKind = 'invoice' | 'statement' | 'general';

export const KIND_API: Record<TemplateKind, string> = {
  invoice: 'invoiceTemplate',
  statement: 'statementTemplate',
  general: 'templates',
};

/** The screens of each kind: list and editor paths, and the titles. */
export const KIND_SCREEN: Record<
  TemplateKind,
  { list: string; editor: (id: string) => string; title: string; one: string }
> = {
  invoice: {
    list: '/invoiceTemplates',
    editor: (id) => `/invoiceTemplate/${id}`,
    title: 'Invoice Templates',
    one: 'Invoice template',
  },
  statement: {
    list: '/statementTemplates',
    editor: (id) => `/statementTemplate/${id}`,
    title: 'Statement Templates',
    one: 'Statement template',
  },
  general: {
    list: '/templates',
    editor: (id) => `/template/${id}`,
    title: 'Document Templates',
    one: 'Template',
  },
};

/** What the editor changes. */
export interface TemplateValues {
  name: string;
  description: string;
  emailBody: string;
  html: string;
  type: TTemplateType;
  fields: TTemplateField[];
  anyCompany: boolean;
  isInvoice: boolean;
  isStatement: boolean;
}

/** A template of any kind as the screens see it: the editable values and what the server tells. */
export interface TemplateDoc extends TemplateValues {
  _id: string;
  kind: TemplateKind;
  companyName: string;
  builtIn: string | null;
  editable: boolean;
  updatedAt: string;
}

export function fromApi(kind: TemplateKind, raw: unknown): TemplateDoc {
  const common = raw as TTemplate;
  const shared = {
    _id: common._id,
    kind,
    html: common.template ?? '',
    fields: common.fields ?? [],
    anyCompany: !!common.anyCompany,
    companyName: common.companyName ?? '',
    builtIn: common.builtIn ?? null,
    editable: common.editable !== false,
    updatedAt: common.updatedAt ?? '',
  };
  if (kind === 'invoice') {
    const t = raw as TInvoiceTemplate;
    return {
      ...shared,
      name: t.invoiceTemplateName,
      description: '',
      emailBody: t.invoiceTemplateEmailBody ?? '',
      type: 'invoice',
      isInvoice: true,
      isStatement: false,
    };
  }
  if (kind === 'statement') {
    const t = raw as TStatementTemplate;
    return {
      ...shared,
      name: t.statementTemplateName,
      description: '',
      emailBody: t.statementTemplateEmailBody ?? '',
      type: 'statement',
      fields: [],
      isInvoice: false,
      isStatement: true,
    };
  }
  return {
    ...shared,
    name: common.templateName,
    description: common.description ?? '',
    emailBody: common.templateEmailBody ?? '',
    type: common.type,
    isInvoice: !!common.isInvoice,
    isStatement: !!common.isStatement,
  };
}

/** The save body of `kind`; the platform controls go only with a super user's save. */
export function toApiSave(
  kind: TemplateKind,
  {
    _id,
    values: v,
    isSuper,
    forEveryCompany,
  }: { _id?: string; values: TemplateValues; isSuper: boolean; forEveryCompany?: boolean },
): TInvoiceTemplateSave | TStatementTemplateSave | TTemplateSave {
  const id = { ...(_id && { _id }), ...(forEveryCompany && { forEveryCompany }) };
  const fields = v.fields.map((f) => ({
    name: f.name.trim(),
    label: f.label.trim(),
    type: f.type,
  }));
  const any = isSuper ? { anyCompany: v.anyCompany } : {};
  if (kind === 'invoice')
    return {
      ...id,
      invoiceTemplateName: v.name.trim(),
      invoiceTemplateEmailBody: v.emailBody,
      template: v.html,
      fields,
      ...any,
    };
  if (kind === 'statement')
    return {
      ...id,
      statementTemplateName: v.name.trim(),
      statementTemplateEmailBody: v.emailBody,
      template: v.html,
      ...any,
    };
  return {
    ...id,
    templateName: v.name.trim(),
    description: v.description,
    template: v.html,
    templateEmailBody: v.emailBody,
    type: v.type,
    fields,
    // The flags only change through the super user's switches; a copy keeps them.
    isInvoice: v.isInvoice,
    isStatement: v.isStatement,
    ...any,
  };
}

/** The server names fields as its calls do; the form names them once. */
const FIELD_NAMES: Record<string, keyof TemplateValues> = {
  invoiceTemplateName: 'name',
  statementTemplateName: 'name',
  templateName: 'name',
  invoiceTemplateEmailBody: 'emailBody',
  statementTemplateEmailBody: 'emailBody',
  templateEmailBody: 'emailBody',
  template: 'html',
};

/** A validation answer's field paths as the editor's form paths (`fields.0.name` stays). */
export function formErrorPaths(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head, ...rest] = path.split('.');
    out[[FIELD_NAMES[head!] ?? head, ...rest].join('.')] = message;
  }
  return out;
}
