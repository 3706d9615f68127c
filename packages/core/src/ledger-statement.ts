import { LEDGER_TYPES, type TIncomeStatement, type TLedgerAccount } from './contracts/ledger.js';
import type { TLedgerType } from './contracts/ledger.js';
import { addAmounts, subAmounts } from './money.js';

/**
 * The rows of the income statement screen (and anything else that lays the
 * statement out): a row per account grouped Income (revenue, other income)
 * then Costs (direct, indirect), the subtotals, Gross profit (revenue less
 * direct costs) and Net profit (income less costs). Amounts are summed in
 * decimals (core's money), never in floating point.
 */

export type StatementRowKind = 'heading' | 'account' | 'subtotal' | 'profit';

export interface StatementRow {
  kind: StatementRowKind;
  /** Stable within one layout: the account id, or the row's role. */
  key: string;
  label: string;
  /** Account rows: the account and whether it is income (what its cells open). */
  account?: { _id: string; income: boolean; type: TLedgerType | null; code: string };
  /** One amount per month of `months`, in order; empty for a heading. */
  cells: number[];
  /** The sum of the cells; 0 for a heading. */
  total: number;
}

export interface StatementLayout {
  /** Period keys 'YYYY-MM', oldest first. */
  months: string[];
  rows: StatementRow[];
}

const YM = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The months ('YYYY-MM') from the month of `from` to the month of `to`
 * ('YYYY-MM-DD', inclusive); empty when `to` is before `from` or a date is
 * not a date.
 */
export function monthsBetween(from: string, to: string): string[] {
  const a = from.slice(0, 7);
  const b = to.slice(0, 7);
  if (!YM.test(a) || !YM.test(b) || b < a) return [];
  const out: string[] = [];
  let [y, m] = a.split('-').map(Number) as [number, number];
  for (let key = a; key <= b;) {
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  }
  return out;
}

/** Where an account's row goes: its type's place in LEDGER_TYPES, then code, then name. */
function byTypeThenCode(a: TLedgerAccount, b: TLedgerAccount): number {
  return (
    LEDGER_TYPES.indexOf(a.type) - LEDGER_TYPES.indexOf(b.type) ||
    a.account.localeCompare(b.account, undefined, { numeric: true }) ||
    a.name.localeCompare(b.name)
  );
}

const sumCells = (rows: StatementRow[], n: number): number[] =>
  Array.from({ length: n }, (_, i) => addAmounts(...rows.map((r) => r.cells[i] ?? 0)));

const diffCells = (a: number[], b: number[]): number[] => a.map((x, i) => subAmounts(x, b[i] ?? 0));

const row = (
  kind: StatementRowKind,
  key: string,
  label: string,
  cells: number[],
  account?: StatementRow['account'],
): StatementRow => ({
  kind,
  key,
  label,
  cells,
  total: addAmounts(...cells),
  ...(account && { account }),
});

/**
 * Lay the statement out. `months` are the columns: the months of the period
 * when given (so an empty month still has its column), together with any
 * month the statement answers. Every account gets a row, with nothing as 0;
 * an entry whose account is not in `accounts` (deleted meanwhile) gets a row
 * 'Unknown account' on its side, so no amount is lost from the totals.
 */
export function layoutIncomeStatement(
  accounts: readonly TLedgerAccount[],
  statement: TIncomeStatement,
  months: readonly string[] = [],
): StatementLayout {
  const cols = [...new Set([...months, ...Object.keys(statement)])].filter((k) => YM.test(k));
  cols.sort();
  const index = new Map(cols.map((k, i) => [k, i]));
  // Amounts per account id and income side, per column.
  const found = new Map<string, { income: boolean; cells: number[] }>();
  for (const [month, entries] of Object.entries(statement)) {
    const i = index.get(month);
    if (i === undefined) continue;
    for (const e of entries) {
      const id = `${e.ledgerAccountId}\u0000${e.income ? 1 : 0}`;
      let slot = found.get(id);
      if (!slot) {
        slot = { income: e.income, cells: cols.map(() => 0) };
        found.set(id, slot);
      }
      slot.cells[i] = addAmounts(slot.cells[i]!, e.total);
    }
  }

  const accountRow = (a: TLedgerAccount): StatementRow => {
    const slot = found.get(`${a._id}\u0000${a.income ? 1 : 0}`);
    found.delete(`${a._id}\u0000${a.income ? 1 : 0}`);
    return row('account', a._id, a.name, slot?.cells ?? cols.map(() => 0), {
      _id: a._id,
      income: a.income,
      type: a.type,
      code: a.account,
    });
  };
  const sorted = [...accounts].sort(byTypeThenCode);
  const side = (income: boolean) => sorted.filter((a) => a.income === income).map(accountRow);
  const incomeRows = side(true);
  const costRows = side(false);
  // What is left names no known account (or sits on the other side of one).
  for (const [id, slot] of found) {
    const accountId = id.split('\u0000')[0]!;
    (slot.income ? incomeRows : costRows).push(
      row('account', `unknown:${id}`, 'Unknown account', slot.cells, {
        _id: accountId,
        income: slot.income,
        type: null,
        code: '',
      }),
    );
  }

  const n = cols.length;
  const totalIncome = sumCells(incomeRows, n);
  const totalCosts = sumCells(costRows, n);
  const revenue = sumCells(
    incomeRows.filter((r) => r.account?.type === 'revenue'),
    n,
  );
  const direct = sumCells(
    costRows.filter((r) => r.account?.type === 'directCost'),
    n,
  );
  return {
    months: cols,
    rows: [
      row('heading', 'income', 'Income', []),
      ...incomeRows,
      row('subtotal', 'totalIncome', 'Total income', totalIncome),
      row('heading', 'costs', 'Costs', []),
      ...costRows,
      row('subtotal', 'totalCosts', 'Total costs', totalCosts),
      row('profit', 'grossProfit', 'Gross profit', diffCells(revenue, direct)),
      row('profit', 'netProfit', 'Net profit', diffCells(totalIncome, totalCosts)),
    ],
  };
}

/** A period key as a column heading: '2026-03' -> 'Mar 2026'. */
export function monthHeading(key: string): string {
  if (!YM.test(key)) return key;
  const names = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${names[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`;
}
