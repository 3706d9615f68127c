import {
  RECURRING_NOT_FOUND,
  RECURRING_TYPES,
  nextRuns,
  nextRunOf,
  sameRule,
  todayIn,
  type MemberAccess,
  type TRecurringItem,
  type TRecurringSaveParsed,
  type TRecurringType,
} from '@fieldbook/core';
import { isUuid, may } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { ledgerAccountCodes } from '../accounting/index.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import type { Tx } from '../../db/client.js';
import { ruleOfItem, ruleOfSave, typeValues } from './recurring.input.js';
import { presentItem } from './recurring.present.js';
import * as repo from './recurring.repo.js';

export type RecurringService = ReturnType<typeof createRecurringService>;

/** The access area of each type (DECISIONS §2). */
export const AREA_OF = {
  invoices: 'invoices',
  expenses: 'expenses',
  calender: 'appointments',
} as const satisfies Record<TRecurringType, string>;

/** The types a member may read (the `all` list). */
export const readableTypes = (member: MemberAccess): TRecurringType[] =>
  RECURRING_TYPES.filter((t) => may(member, AREA_OF[t], 'r'));

async function companyOf(db: Tx, companyId: string): Promise<CompanyRow> {
  const c = await getCompany(db, companyId);
  if (!c) throw notFound('Company not found');
  return c;
}

/** The company's items of these types as the list answers them. */
export async function listRecurringItems(
  db: Tx,
  companyId: string,
  type: TRecurringType | TRecurringType[],
): Promise<TRecurringItem[]> {
  const company = await companyOf(db, companyId);
  const today = todayIn(company.timeZone);
  const rows = await repo.listItems(db, companyId, Array.isArray(type) ? type : [type]);
  return rows.map((r) => presentItem(r, today));
}

export function createRecurringService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;

  async function find(companyId: string, type: TRecurringType, id: string) {
    const row = isUuid(id) ? await repo.findItem(db, companyId, type, id.toLowerCase()) : null;
    if (!row) throw notFound(RECURRING_NOT_FOUND);
    return row;
  }

  return {
    list: (companyId: string, types: TRecurringType[]) => listRecurringItems(db, companyId, types),

    async get(companyId: string, type: TRecurringType, id: string): Promise<TRecurringItem> {
      const row = await find(companyId, type, id);
      const company = await companyOf(db, companyId);
      return presentItem(row, todayIn(company.timeZone));
    },

    /**
     * Create (no `_id`) or update, in one transaction. The next run is set on
     * create, and on update only when the rule changed or the item was turned
     * on again: dates before the save are never made (DECISIONS §13).
     */
    async save(
      companyId: string,
      userId: string,
      type: TRecurringType,
      given: TRecurringSaveParsed,
      opts: { keepLines?: boolean } = {},
    ): Promise<{ _id: string; nextRuns: string[] }> {
      let b = given;
      if (b._id && !isUuid(b._id)) throw notFound(RECURRING_NOT_FOUND);
      return db.transaction(async (tx) => {
        const company = await companyOf(tx, companyId);
        const today = todayIn(company.timeZone);
        const existing = b._id
          ? ((await repo.findItem(tx, companyId, type, b._id.toLowerCase()))?.item ?? null)
          : null;
        if (b._id && !existing) throw notFound(RECURRING_NOT_FOUND);
        // The caller may not see the lines (core recurringPricesWithheld): the stored ones stay.
        if (opts.keepLines)
          b = {
            ...b,
            descriptions: existing?.descriptions ?? [],
            discount: existing?.discount ?? undefined,
          };
        const values = await typeValues(tx, company, type, b, existing);
        const rule = ruleOfSave(b);
        const active = b.active ?? existing?.active ?? true;
        const lastRunDate = existing?.lastRunDate ?? null;
        let nextRunDate = existing?.nextRunDate ?? null;
        const reschedule =
          !existing || !sameRule(ruleOfItem(existing), rule) || (active && !existing.active);
        if (reschedule) nextRunDate = nextRunOf(rule, today, existing ? lastRunDate : null);
        const row = { ...values, ...rule, type, active, nextRunDate };
        let id: string;
        if (existing) {
          id = existing.id;
          await repo.updateItem(tx, companyId, id, row);
        } else {
          id = await repo.insertItem(tx, companyId, { ...row, createdBy: userId });
        }
        return {
          _id: id,
          nextRuns: nextRunDate ? nextRuns(rule, { today, active, lastRunDate }) : [],
        };
      });
    },

    /** The items of these types and the company's tax (the Sage export's defaults). */
    async sageSource(companyId: string, types: TRecurringType[]) {
      const company = await companyOf(db, companyId);
      const today = todayIn(company.timeZone);
      const rows = types.length ? await repo.listItems(db, companyId, types) : [];
      const codes = await ledgerAccountCodes(db, companyId);
      return { items: rows.map((r) => presentItem(r, today)), tax: company.tax, codes };
    },

    async remove(companyId: string, type: TRecurringType, id: string) {
      if (!isUuid(id)) throw notFound(RECURRING_NOT_FOUND);
      const gone = await db.transaction((tx) =>
        repo.deleteItem(tx, companyId, type, id.toLowerCase()),
      );
      if (!gone) throw notFound(RECURRING_NOT_FOUND);
      return { message: 'Deleted' };
    },
  };
}
