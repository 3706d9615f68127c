import { expect } from 'vitest';
import type { TIncomeStatement, TLedgerAccount } from '@fieldbook/core';
import type { ApiClient, Loose } from './factories.js';

/** Helpers shared by the ledger test files. */

export const accountsUrl = (cid: string, rest = '') => `/api/companies/${cid}/accounts${rest}`;

export async function listAccounts(api: ApiClient, cid: string): Promise<TLedgerAccount[]> {
  const r = await api.get(accountsUrl(cid));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as TLedgerAccount[];
}

export async function defaults(api: ApiClient, cid: string) {
  const all = await listAccounts(api, cid);
  const income = all.find((a) => a.isDefault && a.income);
  const cost = all.find((a) => a.isDefault && !a.income);
  expect(income && cost).toBeTruthy();
  return { income: income!, cost: cost! };
}

export async function createAccount(api: ApiClient, cid: string, body: Record<string, unknown>) {
  const r = await api.post(accountsUrl(cid), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

export async function statement(
  api: ApiClient,
  cid: string,
  from: string,
  to: string,
): Promise<TIncomeStatement> {
  const r = await api.get(accountsUrl(cid, `/incomeStatement?from=${from}&to=${to}&type=1`));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as TIncomeStatement;
}

/** The statement's total of one month (and optionally one account), in cents. */
export function cents(s: TIncomeStatement, month: string, accountId?: string): number {
  return (s[month] ?? [])
    .filter((e) => !accountId || e.ledgerAccountId === accountId)
    .reduce((sum, e) => sum + Math.round(e.total * 100), 0);
}

export async function cellItems(
  api: ApiClient,
  cid: string,
  month: string,
  accountId: string,
  income: boolean,
): Promise<Loose[]> {
  const r = await api.get(accountsUrl(cid, `/accountItems/${month}/${accountId}/${income}`));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Loose[];
}
