import {
  COUPON_STEPS,
  couponState,
  type TaskStep,
  type TTaskAnswer,
  type TTaskCreate,
  type TTasksAnswer,
} from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { isUuid, loadMember } from '../../platform/access.js';
import { HttpError, badField, forbidden, notFound } from '../../platform/errors.js';
import { presentCoupon } from './tasks.present.js';
import * as repo from './tasks.repo.js';

export type TasksService = ReturnType<typeof createTasksService>;

const NOT_FOUND = 'Task not found';
const STEP_WORDS: Record<TaskStep, { who: string; cannot: string }> = {
  open: { who: 'Only its holder may open this coupon', cannot: 'This coupon cannot be opened now' },
  request: {
    who: 'Only its holder may ask for this coupon',
    cannot: 'This coupon cannot be asked for now',
  },
  use: {
    who: 'Only the one who gave this coupon may mark it used',
    cannot: 'This coupon is not waiting to be used',
  },
};
const STAMP: Record<TaskStep, 'opened' | 'requested' | 'used'> = {
  open: 'opened',
  request: 'requested',
  use: 'used',
};

/** Task coupons (spec "Task coupon", "Chat coupon card"; issue 14). */
export function createTasksService(
  deps: Pick<AppDeps, 'database' | 'caches' | 'events'>,
  clock: () => Date = () => new Date(),
) {
  const db = deps.database.db;
  /** The giver's and the holder's dashboards refresh at once (tasks.realtime.ts). */
  const changed = (companyId: string, id: string) =>
    deps.events.emit({ companyId, name: 'tasksChanged', ids: [id] });
  const answer = async (companyId: string, id: string): Promise<TTaskAnswer> => {
    const row = await repo.getCoupon(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return { success: true, task: presentCoupon(row, clock()) };
  };
  return {
    async list(companyId: string, userId: string): Promise<TTasksAnswer> {
      const now = clock();
      const rows = await repo.listCoupons(db, companyId, userId);
      return { success: true, tasks: rows.map((r) => presentCoupon(r, now)) };
    },

    /** Gives a coupon to an active colleague of the same company. */
    async create(companyId: string, giverId: string, body: TTaskCreate): Promise<TTaskAnswer> {
      const holderId = body.userId.toLowerCase();
      if (holderId === giverId) throw badField('userId', 'must be a colleague, not yourself');
      const holder = isUuid(holderId) ? await loadMember(deps, companyId, holderId) : null;
      if (!holder) throw notFound('User not found');
      if (holder.disabled) throw badField('userId', 'is disabled in this company');
      const displayTime = body.displayTime ? new Date(body.displayTime) : clock();
      const id = await repo.insertCoupon(db, companyId, {
        name: body.name,
        giverId,
        holderId,
        displayTime,
      });
      changed(companyId, id);
      return answer(companyId, id);
    },

    /** A step of the coupon: its holder opens it and asks for it, its giver marks it used. */
    async step(
      companyId: string,
      userId: string,
      id: string,
      step: TaskStep,
    ): Promise<TTaskAnswer> {
      await db.transaction(async (tx) => {
        const c = await repo.lockCoupon(tx, companyId, id);
        if (!c || (c.giverId !== userId && c.holderId !== userId)) throw notFound(NOT_FOUND);
        const rule = COUPON_STEPS[step];
        const mine = rule.by === 'holder' ? c.holderId === userId : c.giverId === userId;
        if (!mine) throw forbidden(STEP_WORDS[step].who);
        const now = clock();
        if (couponState(c, now) !== rule.from) throw new HttpError(409, STEP_WORDS[step].cannot);
        await repo.setCouponStep(tx, companyId, id, { [STAMP[step]]: now });
      });
      changed(companyId, id);
      return answer(companyId, id);
    },
  };
}
