import { z } from 'zod';
import { ZLatLng } from './clients.js';
import { ZId, ZSaved, optId, optText, text } from './common.js';
import { ZRecipientsText } from './delivery.js';
import { ZDiscount, ZLine, ZLineStored } from './invoices.js';

/*
 * Jobs (appointments) and their types: the workflow designer's documents and
 * the job itself (spec operations §3, §4; DECISIONS §9 and §12).
 */

/** Status colour choices (spec §9). */
export const STATUS_COLORS = ['primary', 'warning', 'success', 'danger', 'muted'] as const;
/** When an automatically generated invoice goes to the client (spec §9). */
export const SEND_FREQUENCIES = ['creation', 'daily', 'weekly', 'monthly'] as const;
export type TSendFrequency = (typeof SEND_FREQUENCIES)[number];
/** Priorities, most urgent first (spec §9). */
export const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const;
export type TPriority = (typeof PRIORITIES)[number];

/** The 15 component types of a job form (spec §3; the spelling is the specification's). */
export const COMPONENT_TYPES = [
  'clientSelect',
  'text',
  'textArea',
  'date',
  'switch',
  'invoice',
  'document',
  'wording',
  'select',
  'itemsSelect',
  'usersSelect',
  'userSigniture',
  'signiture',
  'comments',
  'images',
] as const;
export type TComponentType = (typeof COMPONENT_TYPES)[number];

/** Most images one images component may hold with allowMultiImages. */
export const MAX_JOB_IMAGES = 69;
/** Status diagram node size (spec §9). */
export const NODE_WIDTH = 125;
export const NODE_HEIGHT = 75;

/** An icon's name (the web looks it up in its own list): a plain identifier, or none. */
const iconName = z
  .string()
  .trim()
  .max(40)
  .regex(/^([A-Za-z][A-Za-z0-9_-]*)?$/, 'must be an icon name (letters, digits, - and _)')
  .optional();
const name = text(60).refine((s) => !/[\r\n\t]/.test(s), 'must be one line');
const ZTemplateRef = z.object({ id: ZId, name: z.string().max(200) });
export type TTemplateRef = z.infer<typeof ZTemplateRef>;

/** What a status hides or locks, for everyone or for one user group. */
export const ZStatusFlags = z.object({
  hideDeleteItem: z.boolean().optional(),
  viewOnlySchedule: z.boolean().optional(),
  hideAssignee: z.boolean().optional(),
});
export type TStatusFlags = z.infer<typeof ZStatusFlags>;

/** At most this many keys in one permission map (groups: MAX_PERMISSION_GROUPS in jobs/type-limits). */
const bounded = <V extends z.ZodTypeAny>(value: V, most: number) =>
  z
    .record(ZId, value)
    .refine((o) => Object.keys(o).length <= most, `may name at most ${most} entries`);

/** A status's permissions; `groups` (by user group id) override the general flags. */
export const ZStatusPermissions = ZStatusFlags.extend({
  groups: bounded(ZStatusFlags, 50).optional(),
});
export type TStatusPermissions = z.infer<typeof ZStatusPermissions>;

/** The status's node on the diagram; `linksTo` holds target node ids. */
export const ZStatusDraw = z.object({
  id: ZId,
  type: z.literal('Task').default('Task'),
  width: z.number().default(NODE_WIDTH),
  height: z.number().default(NODE_HEIGHT),
  x: z.number().finite().min(-100000).max(100000),
  y: z.number().finite().min(-100000).max(100000),
  name: z.string().max(60).optional(),
  linksTo: z.array(ZId).max(50).default([]),
});
export type TStatusDraw = z.output<typeof ZStatusDraw>;

export const ZStatus = z.object({
  id: ZId,
  name,
  icon: iconName,
  color: z.enum(STATUS_COLORS).default('primary'),
  /** Hidden from the board; a status without outgoing links is final and hidden too. */
  hide: z.boolean().default(false),
  /** Names of the statuses that may follow (the server derives it from `draw.linksTo`). */
  next: z.array(z.string().max(60)).max(50).default([]),
  draw: ZStatusDraw,
  autoGenerateInvoice: z.boolean().default(false),
  /** The template the generated invoice is printed with (none: the company's default). */
  autoSendInvoiceTemplate: optId,
  autoSendInvoiceClient: z.boolean().default(false),
  autoSendInvoiceClientFrequency: z.enum(SEND_FREQUENCIES).default('creation'),
  autoMoveInvoiceClient: z.boolean().default(false),
  autoGroupInvoiceClient: z.boolean().default(false),
  autoSendInvoiceClientIncludeTemplates: z.array(ZTemplateRef).max(10).default([]),
  /** E-mail the assignee on entry. */
  sendNotification: z.boolean().default(false),
  /** E-mail the client on entry. */
  sendNotificationClient: z.boolean().default(false),
  sendNotificationSubject: z.string().trim().max(200).default(''),
  sendNotificationBody: z.string().max(5000).default(''),
  sendNotificationInvoice: z.boolean().default(false),
  sendNotificationTemplates: z.array(ZTemplateRef).max(10).default([]),
  sendNotificationInvoiceTemplate: optId,
  /** Component `prop`s that must be filled before a job may enter this status. */
  requiredComponents: z.array(z.string().max(60)).max(50).default([]),
  permissions: ZStatusPermissions.default({}),
});
export type TStatusInput = z.input<typeof ZStatus>;
export type TStatus = z.output<typeof ZStatus>;

/** What a component's permissions may say, for everyone or for one user group. */
export const ZComponentFlags = z.object({
  viewOnly: z.boolean().optional(),
  hide: z.boolean().optional(),
  hideItemCode: z.boolean().optional(),
  hideItemPrice: z.boolean().optional(),
  hideItemTax: z.boolean().optional(),
  hideAccount: z.boolean().optional(),
  hideSaveItem: z.boolean().optional(),
  allowMultiImages: z.boolean().optional(),
});
export type TComponentFlags = z.infer<typeof ZComponentFlags>;

/** One status's flags for a component; `groups` (by user group id) override them. */
export const ZComponentStatusPermissions = ZComponentFlags.extend({
  groups: bounded(ZComponentFlags, 50).optional(),
});

/** A component's `prop`: the key its value is kept under in the job's `values`. */
export const ZProp = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,59}$/,
    'must start with a letter and hold only letters, digits and _',
  );

export const ZComponent = z.object({
  prop: ZProp,
  label: text(100),
  type: z.enum(COMPONENT_TYPES).default('text'),
  /** The general template a document component prints. */
  templateId: optId,
  /** Choices of a select component. */
  options: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  /** The text a wording component shows. */
  wording: z.string().max(5000).default(''),
  /** By status id: that status's flags for this component. */
  /** At most one entry per status (a type has at most 40). */
  permissions: bounded(ZComponentStatusPermissions, 40).default({}),
});
export type TComponentInput = z.input<typeof ZComponent>;
export type TComponent = z.output<typeof ZComponent>;

/** `POST /appointments/types`: one appointment type with its workflow and form. */
export const ZAppointmentTypeSave = z.object({
  _id: z.string().optional(),
  name,
  description: z.string().trim().max(500).default(''),
  icon: iconName,
  color: z.enum(STATUS_COLORS).default('primary'),
  statuses: z.array(ZStatus).min(1, 'needs at least one status').max(40),
  components: z.array(ZComponent).max(60),
  /** Position in the type list (first = a new job's default type). */
  order: z.number().int().min(0).max(1000).optional(),
  /** The `updatedAt` the designer loaded: an older one than stored is a 409. */
  updatedAt: z.string().max(40).optional(),
});
export type TAppointmentTypeSave = z.input<typeof ZAppointmentTypeSave>;

/** A status as answered (its template ids already resolved to id or null). */
export const ZStatusStored = ZStatus.extend({
  autoSendInvoiceTemplate: z.string().nullable(),
  sendNotificationInvoiceTemplate: z.string().nullable(),
});
/** A component as answered. */
export const ZComponentStored = ZComponent.extend({ templateId: z.string().nullable() });

export const ZAppointmentType = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.enum(STATUS_COLORS),
  statuses: z.array(ZStatusStored),
  components: z.array(ZComponentStored),
  order: z.number(),
  updatedAt: z.string(),
});
export type TAppointmentType = z.output<typeof ZAppointmentType>;

/** A value a component keeps in `values`: text, number, switch, date text, file ids. */
export const ZComponentValue = z.union([
  z.string().max(20000),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(64)).max(MAX_JOB_IMAGES),
]);
export type TComponentValue = z.infer<typeof ZComponentValue>;

export const ZLogEntry = z.object({
  s: z.string(),
  d: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
  userId: z.string().nullable().optional(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);
/**
 * Whether `s` is an ISO date (and time) from 1900 to 9999: the database's
 * range is narrower than JavaScript's, and a job outside it is a typing error.
 */
export function isJobDateTime(s: string): boolean {
  const t = Date.parse(s);
  return /^\d{4}-\d{2}-\d{2}/.test(s) && t >= EARLIEST && t < LATEST;
}

export const ZJobDateTime = z.string().max(40).refine(isJobDateTime, 'must be a date and time');

/** An id that may be null or '' for "none"; absent keeps what the job has (a board move is a patch). */
const keptId = z
  .string()
  .max(64)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** `POST /appointments`: create (no `_id`) or update one job; an absent field keeps its value. */
export const ZAppointmentSave = z.object({
  _id: z.string().optional(),
  /** Absent on a new job: the company's first type (spec §4). */
  appointmentTypeId: z.string().min(1, 'Please select a type').max(64).optional(),
  /** The type by its name (spec §3), used when no `appointmentTypeId` is given. */
  appointmentType: z.string().max(60).optional(),
  /** A status name of the type; null or '' with hasSchedule false is Unscheduled. */
  status: z.string().max(60).nullable().optional(),
  hasSchedule: z.boolean().optional(),
  /** Absent on a new job: the next half hour and 30 minutes after it (spec §4). */
  startDate: ZJobDateTime.optional(),
  endDate: ZJobDateTime.optional(),
  isAllDayEvent: z.boolean().optional(),
  sendClientReminder: z.boolean().optional(),
  priority: z.union([z.enum(PRIORITIES), z.literal('')]).optional(),
  userId: keptId,
  /** User ids; the `{ userId, name }` entries a job is answered with are taken too. */
  assignedUsers: z
    .array(
      z.union([
        ZId,
        z.object({ userId: ZId, name: z.string().max(300).optional() }).transform((u) => u.userId),
      ]),
    )
    .max(50)
    .optional(),
  entityId: keptId,
  faultDescription: optText(5000),
  resolution: optText(5000),
  /**
   * A line may come back without its price when the member's permissions hid
   * it (hideItemPrice): the server keeps the stored lines then, and otherwise
   * refuses a line without a price.
   */
  lineItems: z
    .array(ZLine.extend({ price: ZLine.shape.price.optional() }))
    .max(200)
    .optional(),
  discount: ZDiscount.optional(),
  to: optText(200),
  toEmail: ZRecipientsText.optional(),
  /** The job's own address, when it is not the client's. */
  address: optText(300),
  /** Kept only with an `address`; without one the job is where its client is. */
  googlePosition: ZLatLng.nullable().optional(),
  /** Component values by `prop`. */
  values: z.record(ZProp, ZComponentValue).optional(),
  /** Where the user was when saving, for the log. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
  /** The `updatedAt` the browser loaded; a newer one on the server is a 409 (no lost write). */
  updatedAt: z.string().max(40).optional(),
});
export type TAppointmentSave = z.input<typeof ZAppointmentSave>;

export const ZAssignedUser = z.object({ userId: z.string(), name: z.string() });

export const ZAppointment = z.object({
  _id: z.string(),
  appointmentNumber: z.string(),
  appointmentTypeId: z.string(),
  /** The type's name (spec: appointmentType matches a template name). */
  appointmentType: z.string(),
  status: z.string().nullable(),
  /** What the board and lists show (spec §4). */
  shownStatus: z.string(),
  hasSchedule: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  isAllDayEvent: z.boolean(),
  sendClientReminder: z.boolean(),
  priority: z.string(),
  userId: z.string().nullable(),
  assignedUsers: z.array(ZAssignedUser),
  entityId: z.string().nullable(),
  clientName: z.string(),
  clientSurname: z.string(),
  name: z.string(),
  faultDescription: z.string(),
  resolution: z.string(),
  /** Without prices when the member's permissions hide them (hideItemPrice). */
  lineItems: z.array(ZLineStored.extend({ price: z.number().optional() })),
  discount: ZDiscount,
  to: z.string(),
  toEmail: z.string(),
  address: z.string(),
  googlePosition: ZLatLng.nullable(),
  /** Whether the position is verified (the job's own, or its client's). */
  positionVerified: z.boolean(),
  /** Components the current user may not see are left out of `values`. */
  values: z.record(z.string(), ZComponentValue),
  log: z.array(ZLogEntry),
  invoiceId: z.string().nullable(),
  order: z.number(),
  sortOrder: z.number(),
  depart: z.string().nullable(),
  distance: z.number().nullable(),
  duration: z.number().nullable(),
  displayOrder: z.number().nullable(),
  progress: z.number().nullable(),
  dependencies: z.array(z.string()),
  /** The job's part of its public document links. */
  publicKey: z.string(),
  createdDate: z.string(),
  updatedAt: z.string(),
  commentCount: z.number(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * A row of `GET activeJobs`: what the board, calendar and planner draw (issue
 * 11). No values, lines, prices or log: a job is opened through
 * `GET activeJobs/{id}` (docs/performance.md, "Jobs"). Assignees are left out
 * under hideAssignee as in the full answer.
 */
export const ZJobCard = ZAppointment.pick({
  _id: true,
  appointmentNumber: true,
  appointmentTypeId: true,
  appointmentType: true,
  status: true,
  shownStatus: true,
  hasSchedule: true,
  startDate: true,
  endDate: true,
  isAllDayEvent: true,
  priority: true,
  userId: true,
  assignedUsers: true,
  entityId: true,
  clientName: true,
  clientSurname: true,
  faultDescription: true,
  googlePosition: true,
  positionVerified: true,
  order: true,
  sortOrder: true,
  displayOrder: true,
  invoiceId: true,
  updatedAt: true,
  // The job's own address ('' when it is where its client is), for the planner.
  address: true,
}).partial({ address: true });
export type TJobCard = z.infer<typeof ZJobCard>;

/** `GET /appointments?from&to&type`: a calendar range. */
export const ZAppointmentRange = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  type: z.string().max(64).optional(),
  /** Only this client's jobs (the client page), of any date. */
  entityId: z.string().max(64).optional(),
});

/**
 * `GET /appointments/cards?from&to&types`: the scheduled jobs (active or
 * done) overlapping from..to as cards, for the schedule, the planner and the
 * calendar; `types` is a comma list of type ids. At most 100 days.
 */
export const ZCardRange = z.object({
  from: z.string().max(40),
  to: z.string().max(40),
  types: z.string().max(2000).optional(),
});
export const MAX_CARD_RANGE_DAYS = 100;

/** `POST /appointments/sortOrder`. */
export const ZSortOrder = z
  .array(z.object({ _id: ZId, sortOrder: z.number().int().min(0).max(1_000_000) }))
  .max(1000);
export type TSortOrder = z.infer<typeof ZSortOrder>;

export const ZJobComment = z.object({
  _id: z.string(),
  text: z.string(),
  userId: z.string().nullable(),
  author: z.string(),
  createdAt: z.string(),
});
export type TJobComment = z.infer<typeof ZJobComment>;
export const ZJobCommentSave = z.object({ text: text(5000) });
/** `GET /appointments/{id}/comments?before&limit`. */
export const ZJobCommentsQuery = z.object({
  before: ZJobDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** `POST /appointments/{id}/images`: the stored file's id (an image or a signature). */
export const ZJobFile = z.object({ file: z.string() });

/** A job's comments: the newest first, paged with `before`. */
export const ZJobComments = z.object({ comments: z.array(ZJobComment), total: z.number() });

/** A saved type: its id and its new `updatedAt` (the designer's next save sends it). */
export const ZJobTypeSaved = ZSaved.extend({ updatedAt: z.string() });
export type TJobTypeSaved = z.infer<typeof ZJobTypeSaved>;

/** `POST /appointments/types/{id}/delete`: `moveTo` names the type its jobs move to. */
export const ZJobTypeDelete = z.object({ moveTo: z.string().max(64).optional() });
export type TJobTypeDelete = z.infer<typeof ZJobTypeDelete>;
/** What a type's deletion moved. */
export const ZJobTypeDeleted = z.object({
  message: z.string(),
  movedJobs: z.number(),
  movedRecurring: z.number(),
});
export type TJobTypeDeleted = z.infer<typeof ZJobTypeDeleted>;
export const ZJobSaved = ZSaved.extend({
  appointmentNumber: z.string(),
  appointmentTypeId: z.string(),
  /** The type's name (spec §3). */
  appointmentType: z.string(),
  updatedAt: z.string(),
});
export type TJobSaved = z.infer<typeof ZJobSaved>;
