import {
  LEDGER_TYPE_LABELS,
  addAmounts,
  formatMoney,
  subAmounts,
  type TIncomeStatement,
  type TLedgerAccount,
} from '@fieldbook/core';

/**
 * The profit and loss report of a period (`GET /accounts/download`): one
 * column per month and a total, income accounts then cost accounts, gross
 * profit (income less direct costs) and net profit (less indirect costs too).
 * Plain HTML printed by the platform's Chromium.
 */

const esc = (s: string) =>
  s.replaceAll(String.fromCharCode(0), '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const monthLabel = (ym: string) => {
  const [y, m] = ym.split('-');
  const names = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${names[Number(m) - 1] ?? m} ${y}`;
};

export interface ReportInput {
  companyName: string;
  from: string;
  to: string;
  accounts: TLedgerAccount[];
  statement: TIncomeStatement;
}

/** The report's figures: per account and month, and the profit lines. */
export function reportFigures(r: ReportInput) {
  const months = Object.keys(r.statement).sort();
  // Sums in core's decimal helpers (cents), never float sums.
  const cell = new Map<string, number>();
  for (const m of months)
    for (const e of r.statement[m] ?? []) {
      const k = `${e.ledgerAccountId}|${m}`;
      cell.set(k, addAmounts(cell.get(k) ?? 0, e.total));
    }
  const get = (a: string, m: string) => cell.get(`${a}|${m}`) ?? 0;
  const sumOf = (accs: TLedgerAccount[], m: string) =>
    addAmounts(...accs.map((a) => get(a._id, m)));
  const income = r.accounts.filter((a) => a.income);
  const direct = r.accounts.filter((a) => a.type === 'directCost');
  const indirect = r.accounts.filter((a) => !a.income && a.type !== 'directCost');
  const cols = [...months, 'total'];
  const over = (f: (m: string) => number) => {
    const per = months.map(f);
    return [...per, addAmounts(...per)];
  };
  const row = (a: TLedgerAccount) => over((m) => get(a._id, m));
  const gross = over((m) => subAmounts(sumOf(income, m), sumOf(direct, m)));
  const net = over((m) =>
    subAmounts(subAmounts(sumOf(income, m), sumOf(direct, m)), sumOf(indirect, m)),
  );
  const incomeTotal = over((m) => sumOf(income, m));
  return { months, cols, income, direct, indirect, row, incomeTotal, gross, net };
}

export function reportHtml(r: ReportInput): string {
  const f = reportFigures(r);
  const money = (x: number) => esc(formatMoney(x));
  const tr = (label: string, vals: number[], cls = '') =>
    `<tr class="${cls}"><th>${esc(label)}</th>${vals.map((v) => `<td>${money(v)}</td>`).join('')}</tr>`;
  const section = (title: string, accs: TLedgerAccount[]) =>
    accs.length === 0
      ? ''
      : `<tr class="head"><th colspan="${f.cols.length + 1}">${esc(title)}</th></tr>` +
        accs
          .map((a) =>
            tr(
              `${a.account ? `${a.account} ` : ''}${a.name} (${LEDGER_TYPE_LABELS[a.type]})`,
              f.row(a),
            ),
          )
          .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:sans-serif;font-size:10px;margin:24px;font-variant-ligatures:none}
h1{font-size:16px;margin:0 0 4px}p{margin:0 0 12px}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #ddd;padding:3px 4px;text-align:right;white-space:nowrap}
th:first-child{text-align:left;white-space:normal}
tr.head th{background:#f1f3f5;text-align:left}
tr.sum th,tr.sum td{font-weight:bold;border-top:2px solid #333}
@page{size:A4 landscape;margin:12mm}
</style><title>Profit and loss ${esc(r.from)} to ${esc(r.to)}</title></head><body>
<h1>Profit and loss</h1>
<p>${esc(r.companyName)} — ${esc(r.from)} to ${esc(r.to)}</p>
<table><thead><tr><th>Account</th>${f.months.map((m) => `<th>${esc(monthLabel(m))}</th>`).join('')}<th>Total</th></tr></thead>
<tbody>
${section('Income', f.income)}
${tr('Total income', f.incomeTotal, 'sum')}
${section('Direct costs', f.direct)}
${tr('Gross profit', f.gross, 'sum')}
${section('Indirect costs', f.indirect)}
${tr('Net profit', f.net, 'sum')}
</tbody></table></body></html>`;
}
