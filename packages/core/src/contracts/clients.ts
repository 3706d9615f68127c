import { z } from 'zod';
import { StatementSchema } from './statement.js';
import { ZEmail, ZYmd, optId, optText, text } from './common.js';

/** Field types a client type may define; they drive the client form. */
export const CLIENT_FIELD_TYPES = [
  'text',
  'textArea',
  'number',
  'date',
  'switch',
  'select',
  'email',
  'phone',
] as const;

/** One field description of a client type: `description` is its key. */
export const ZClientField = z.object({
  description: text(60),
  label: text(80),
  type: z.enum(CLIENT_FIELD_TYPES),
  options: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
});
export type TClientField = z.infer<typeof ZClientField>;

export const ZClientTypeSave = z.object({
  _id: z.string().optional(),
  name: text(80),
  descriptions: z
    .array(ZClientField)
    .max(40)
    .refine(
      (list) => new Set(list.map((f) => f.description)).size === list.length,
      'each field needs its own description',
    ),
});
export type TClientTypeSave = z.infer<typeof ZClientTypeSave>;

export const ZClientType = z.object({
  _id: z.string(),
  name: z.string(),
  descriptions: z.array(ZClientField),
});
export type TClientType = z.infer<typeof ZClientType>;

export const ZLatLng = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type TLatLng = z.infer<typeof ZLatLng>;

const fieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** `POST /entities`: create (no `_id`) or update. */
export const ZClientSave = z.object({
  _id: z.string().optional(),
  name: text(120),
  surname: optText(120),
  email: z.union([z.literal(''), ZEmail]).optional(),
  phone: optText(40),
  contactNumber: optText(40),
  address: optText(300),
  entityTemplateId: optId,
  statementTemplateId: optId,
  googlePosition: ZLatLng.nullable().optional(),
  googleZoom: z.number().int().min(1).max(19).nullable().optional(),
  autoSendStatement: z.boolean().optional(),
  fields: z.record(z.string().max(60), fieldValue).optional(),
});
export type TClientSave = z.input<typeof ZClientSave>;

export const ZClientDocument = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type TClientDocument = z.infer<typeof ZClientDocument>;

export const ZClient = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  contactNumber: z.string(),
  address: z.string(),
  entityTemplateId: z.string().nullable(),
  statementTemplateId: z.string().nullable(),
  googlePosition: ZLatLng.nullable(),
  googleZoom: z.number().nullable(),
  autoSendStatement: z.boolean(),
  fields: z.record(z.string(), fieldValue),
  outstanding: z.number(),
  userId: z.string().nullable(),
  companyId: z.string(),
  createdAt: z.string(),
});
export type TClient = z.infer<typeof ZClient>;

export const ZClientDetail = ZClient.extend({ documents: z.array(ZClientDocument) });
export type TClientDetail = z.infer<typeof ZClientDetail>;

export const ZSupplierSave = z.object({
  _id: z.string().optional(),
  name: text(120),
  surname: optText(120),
});
export type TSupplierSave = z.input<typeof ZSupplierSave>;

export const ZSupplier = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  /** Sum of the supplier's unpaid expenses. */
  outstanding: z.number(),
});
export type TSupplier = z.infer<typeof ZSupplier>;

/** `GET /entities/{id}/statement` (DECISIONS §6). */
export const ZStatement = StatementSchema;
export type TStatementResponse = z.infer<typeof ZStatement>;

/**
 * `?from&to` of a statement, its JSON and its PDF (staff and portal): the
 * period's days, both included, YYYY-MM-DD; either may be absent (core
 * `statementForPeriod`). A from after to is refused on `from`.
 */
export const ZStatementPeriodQuery = z
  .object({ from: ZYmd.optional(), to: ZYmd.optional() })
  .refine((p) => p.from === undefined || p.to === undefined || p.from <= p.to, {
    path: ['from'],
    message: 'must be on or before to',
  });
export type TStatementPeriodQuery = z.infer<typeof ZStatementPeriodQuery>;
