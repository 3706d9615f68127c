import { z } from 'zod';
import { ZId, text } from './common.js';
import { ZJobDateTime } from './jobs.js';

/** Where a task coupon is (spec "Chat coupon card"). */
export const COUPON_STATES = ['not-open-yet', 'active', 'opened', 'waiting', 'used'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const ZPerson = z.object({ _id: z.string(), name: z.string() });

/** A task coupon (spec: name, activated, opened, used, requested, displayTime). */
export const ZTaskCoupon = z.object({
  _id: z.string(),
  name: z.string(),
  /** When it becomes open to its holder. */
  displayTime: z.string(),
  /** Whether `displayTime` has passed. */
  activated: z.boolean(),
  /** When each step happened, or null. */
  opened: z.string().nullable(),
  requested: z.string().nullable(),
  used: z.string().nullable(),
  state: z.enum(COUPON_STATES),
  giver: ZPerson,
  holder: ZPerson,
  createdAt: z.string(),
});
export type TTaskCoupon = z.infer<typeof ZTaskCoupon>;

/** `GET /tasks?companyId=`: the coupons the caller gave or holds in that company. */
export const ZTasksQuery = z.object({ companyId: ZId });
export const ZTasksAnswer = z.object({ success: z.literal(true), tasks: z.array(ZTaskCoupon) });
export type TTasksAnswer = z.infer<typeof ZTasksAnswer>;

/** `POST /tasks`: a coupon given to a colleague (settings c). */
export const ZTaskCreate = z.object({
  companyId: ZId,
  name: text(100),
  /** The colleague it is given to. */
  userId: ZId,
  /** When it opens; absent is now. */
  displayTime: ZJobDateTime.optional(),
});
export type TTaskCreate = z.infer<typeof ZTaskCreate>;

/** `POST /tasks/{id}/open|request|use`: a step of the coupon, in its company. */
export const ZTaskStep = z.object({ companyId: ZId });
export const TASK_STEPS = ['open', 'request', 'use'] as const;
export type TaskStep = (typeof TASK_STEPS)[number];

export const ZTaskAnswer = z.object({ success: z.literal(true), task: ZTaskCoupon });
export type TTaskAnswer = z.infer<typeof ZTaskAnswer>;
