import {
  DEFAULT_TIME_ZONE,
  MAX_CARD_RANGE_DAYS,
  formatDate,
  formatTime,
  isJobDateTime,
  toCsv,
  shownStatus,
  type TAppointment,
  type TJobSaved,
  type TPlanJobs,
  type TPlanJobsAnswer,
  type TSortOrder,
} from '@fieldbook/core';
import { isUuid, isOwner, type Caller } from '../../platform/access.js';
import { once, type IdempotencyKey } from '../../platform/idempotency.js';
import { wakeWorkers } from '../../platform/queue.js';
import type { AppDeps } from '../../platform/deps.js';
import { badField, forbidden, notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { jobView } from './job-access.js';
import { clearedDate, writeJob, type JobSaveBody } from './job-save.js';
import { jobCommentsAndImages } from './job-comments.js';
import * as typesRepo from './job-types.repo.js';
import { cardStamp, listActiveCardsJson, type HideAssigneeByPlace } from './active-jobs.repo.js';
import { brotli, createCardsCache, viewKey } from './cards-cache.js';
import { groupAmong, presentFor } from './jobs.present-for.js';
import * as repo from './jobs.repo.js';
import { writePlan } from './job-plan.js';
import { offlinePack } from './offline-pack.js';

export type JobsService = ReturnType<typeof createJobsService>;

const DAY = 24 * 60 * 60 * 1000;
const NOT_FOUND = 'Job not found';

/** A range bound from the query; a bad one is a 400 naming it. */
function bound(q: string | undefined, field: string, fallback: Date): Date {
  if (!q) return fallback;
  if (!isJobDateTime(q)) throw badField(field, 'must be a date and time');
  return new Date(q);
}

export function createJobsService(deps: Pick<AppDeps, 'database' | 'events' | 'config'>) {
  const db = deps.database.db;
  const changed = (companyId: string, ids: string[]) =>
    deps.events.emit({ companyId, name: 'updateActiveJobs', ids });
  const cards = createCardsCache();

  const present = (companyId: string, who: Caller, rows: repo.JobWithClient[]) =>
    presentFor(db, companyId, who, rows);

  /** The caller's group (null for the owner, who reads the general flags). */
  async function groupOf(companyId: string, who: Caller) {
    if (isOwner(who)) return null;
    return groupAmong(await repo.listMembers(db, companyId), who);
  }

  async function mustFind(companyId: string, id: string) {
    const r = isUuid(id) ? await repo.findJob(db, companyId, id) : null;
    if (!r) throw notFound(NOT_FOUND);
    return r;
  }

  /** What activeCardsJson passes its query (apart so the bench can EXPLAIN it). */
  async function activeCardsArgs(companyId: string, who: Caller) {
    const [types, members] = await Promise.all([
      typesRepo.listTypes(db, companyId),
      repo.listMembers(db, companyId),
    ]);
    const groupId = groupAmong(members, who);
    const hideAssignee: HideAssigneeByPlace = {};
    for (const t of types) {
      const places = [null, ...t.statuses.map((s) => s.name)];
      for (const status of places) {
        const v = jobView(t, status === null ? null : { hasSchedule: true, status }, groupId);
        const key = status === null ? t.id : `${t.id}\n${status}`;
        if (key in hideAssignee) continue; // a repeated name: statusOf takes the first
        hideAssignee[key] = v.hideAssignee;
      }
    }
    const names = Object.fromEntries(
      members.map((m) => [m.userId, [m.name, m.surname].filter(Boolean).join(' ')]),
    );
    return { hideAssignee, names };
  }

  /**
   * The board's active jobs as cards (TJobCard[]), JSON text built by the
   * database (docs/performance.md, "Jobs") and kept per company and member
   * view until a card changes (cards-cache.ts), with its brotli form once asked.
   */
  async function activeCards(
    companyId: string,
    who: Caller,
  ): Promise<{ json: string; brotli: () => Promise<Buffer> }> {
    // The stamp is read before the cards: cards built after a change are at worst kept
    // under the stamp before it, which the next read no longer has.
    const [stamp, args] = await Promise.all([
      cardStamp(db, companyId),
      activeCardsArgs(companyId, who),
    ]);
    const view = viewKey(args);
    const entry =
      cards.get(companyId, stamp, view) ??
      cards.set(
        companyId,
        stamp,
        view,
        await listActiveCardsJson(db, companyId, args.hideAssignee, args.names),
      );
    return {
      json: entry.json,
      async brotli() {
        if (!entry.brotli) {
          entry.brotli = await brotli(entry.json);
          cards.grew(companyId, entry);
        }
        return entry.brotli;
      },
    };
  }

  return {
    /** A calendar range (default: a month either side of today) plus every unscheduled job. */
    async list(
      companyId: string,
      who: Caller,
      q: { from?: string; to?: string; type?: string; entityId?: string },
    ): Promise<TAppointment[]> {
      if (q.entityId) {
        if (!isUuid(q.entityId)) return [];
        return present(companyId, who, await repo.listForClient(db, companyId, q.entityId));
      }
      const now = Date.now();
      const from = bound(q.from, 'from', new Date(now - 31 * DAY));
      const to = bound(q.to, 'to', new Date(now + 31 * DAY));
      if (to < from) throw badField('to', 'must not be before from');
      if (q.type && !isUuid(q.type)) return [];
      return present(companyId, who, await repo.listRange(db, companyId, from, to, q.type ?? null));
    },

    /** The active jobs in full, presented row by row (the reference for activeCardsJson). */
    async active(companyId: string, who: Caller): Promise<TAppointment[]> {
      return present(companyId, who, await repo.listActive(db, companyId));
    },

    activeCards,

    /** The board's cards as JSON text (activeCards without the brotli form). */
    async activeCardsJson(companyId: string, who: Caller): Promise<string> {
      return (await activeCards(companyId, who)).json;
    },

    /** The calendar's range as cards (ZCardRange): scheduled jobs overlapping from..to. */
    async rangeCardsJson(
      companyId: string,
      who: Caller,
      q: { from: string; to: string; types?: string },
    ): Promise<string> {
      const from = bound(q.from, 'from', new Date());
      const to = bound(q.to, 'to', new Date());
      if (to <= from) throw badField('to', 'must be after from');
      if (to.getTime() - from.getTime() > MAX_CARD_RANGE_DAYS * DAY)
        throw badField('to', `must be at most ${MAX_CARD_RANGE_DAYS} days after from`);
      const typeIds = (q.types ?? '').split(',').filter(Boolean);
      if (typeIds.length > 50 || typeIds.some((t) => !isUuid(t)))
        throw badField('types', 'must be type ids');
      const { hideAssignee, names } = await activeCardsArgs(companyId, who);
      return listActiveCardsJson(db, companyId, hideAssignee, names, { from, to, typeIds });
    },

    activeCardsArgs,

    /** What a phone keeps of the caller's week (offline-pack.ts, docs/offline.md). */
    offline: (companyId: string, who: Caller, now?: Date) => offlinePack(db, companyId, who, now),

    async get(companyId: string, who: Caller, id: string): Promise<TAppointment> {
      const [job] = await present(companyId, who, [await mustFind(companyId, id)]);
      return job!;
    },

    /**
     * Save a job; with a key, once (docs/offline.md): a replay answers the
     * stored answer and pushes and wakes nothing, its automations having been
     * queued by the first save's transaction.
     */
    async save(
      companyId: string,
      who: Caller,
      body: JobSaveBody,
      key: IdempotencyKey | null = null,
    ): Promise<TJobSaved> {
      if (body._id && !isUuid(body._id)) throw notFound(NOT_FOUND);
      let queued = false;
      const answer = await db.transaction((tx) =>
        once(tx, key, async (): Promise<TJobSaved> => {
          const saved = await writeJob(tx, companyId, who, body);
          queued = saved.queued;
          return {
            _id: saved.id,
            appointmentNumber: saved.appointmentNumber,
            appointmentTypeId: saved.typeId,
            appointmentType: saved.typeName,
            updatedAt: saved.updatedAt.toISOString(),
          };
        }),
      );
      if (key?.replayed) return answer;
      // A status entry with automations runs now, not at the workers' next poll.
      if (queued) wakeWorkers();
      changed(companyId, [answer._id]);
      return answer;
    },

    /**
     * Delete a job; refused while its status hides delete for the caller
     * (hideDeleteItem). Checked in the deleting transaction with the types and
     * then the job's row locked (a job save's order), so a move cannot slip between.
     */
    async remove(companyId: string, who: Caller, id: string) {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const groupId = await groupOf(companyId, who);
      const jobId = await db.transaction(async (tx) => {
        const types = await typesRepo.listTypes(tx, companyId, { share: true });
        const job = await repo.lockJob(tx, companyId, id);
        if (!job) throw notFound(NOT_FOUND);
        const t = types.find((x) => x.id === job.appointmentTypeId);
        if (t && jobView(t, job, groupId).hideDelete)
          throw forbidden(`A job in '${shownStatus(job)}' cannot be deleted`);
        if (!(await repo.deleteJob(tx, companyId, job.id))) throw notFound(NOT_FOUND);
        return job.id;
      });
      changed(companyId, [jobId]);
      return { message: 'Deleted' };
    },

    /** A route plan's times and route fields (issue 13), all or nothing; pushed like saves. */
    async plan(companyId: string, who: Caller, body: TPlanJobs): Promise<TPlanJobsAnswer> {
      const saved = await db.transaction((tx) => writePlan(tx, companyId, who, body));
      changed(
        companyId,
        saved.map((s) => s.id),
      );
      return { jobs: saved.map((s) => ({ _id: s.id, updatedAt: s.updatedAt.toISOString() })) };
    },

    /** The route planner's order; 404 unless every id is a job of the company. */
    async sortOrder(companyId: string, list: TSortOrder) {
      const ids = [...new Set(list.map((l) => l._id.toLowerCase()))];
      if (ids.some((id) => !isUuid(id))) throw notFound(NOT_FOUND);
      const mine = await repo.companyJobIds(db, companyId, ids);
      if (mine.length !== ids.length) throw notFound(NOT_FOUND);
      await repo.setSortOrders(
        db,
        companyId,
        list.map((l) => ({ id: l._id.toLowerCase(), sortOrder: l.sortOrder })),
      );
      if (ids.length) changed(companyId, ids);
      return { message: 'Saved' };
    },

    ...jobCommentsAndImages(deps, { mustFind, groupOf, changed }),

    /**
     * Number, Reported Date, Cleared Date, Current Status, Fault, Resolution
     * (spec §9); dates 'YYYY-MM-DD HH:mm' in the company's time zone.
     */
    async exportCsv(companyId: string): Promise<string> {
      const [rows, company] = await Promise.all([
        repo.exportRows(db, companyId),
        getCompany(db, companyId),
      ]);
      const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
      const when = (d: Date | string | null) =>
        d ? `${formatDate(d, zone)} ${formatTime(d, zone)}` : null;
      return toCsv(
        ['Number', 'Reported Date', 'Cleared Date', 'Current Status', 'Fault', 'Resolution'],
        rows.map((r) => [
          r.appointmentNumber,
          when(r.createdAt),
          when(clearedDate(r.log)),
          shownStatus(r),
          r.faultDescription,
          r.resolution,
        ]),
      );
    },
  };
}
