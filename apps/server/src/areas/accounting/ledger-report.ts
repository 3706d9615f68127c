import {
  LEDGER_TYPE_LABELS,
  formatMoney,
  layoutIncomeStatement,
  monthHeading,
  monthsBetween,
  type StatementRow,
  type TIncomeStatement,
  type TLedgerAccount,
} from '@fieldbook/core';

/**
 * The profit and loss report of a period (`GET /accounts/download`): one
 * column per month and a total, laid out by core's `layoutIncomeStatement`,
 * the same rows as the /accounting screen (income, costs, their totals, gross
 * profit = revenue less direct costs, net profit = income less costs), so the
 * printed report and the screen never disagree. Plain HTML printed by the
 * platform's Chromium.
 */

const esc = (s: string) =>
  s.replaceAll(String.fromCharCode(0), '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ReportInput {
  companyName: string;
  from: string;
  to: string;
  accounts: TLedgerAccount[];
  statement: TIncomeStatement;
}

export function reportHtml(r: ReportInput): string {
  const layout = layoutIncomeStatement(r.accounts, r.statement, monthsBetween(r.from, r.to));
  const money = (x: number) => esc(formatMoney(x));
  const width = layout.months.length + 2;
  const label = (row: StatementRow) => {
    const a = row.account;
    if (row.kind !== 'account' || !a?.type) return row.label;
    return `${a.code ? `${a.code} ` : ''}${row.label} (${LEDGER_TYPE_LABELS[a.type]})`;
  };
  const tr = (row: StatementRow) =>
    row.kind === 'heading'
      ? `<tr class="head"><th colspan="${width}">${esc(row.label)}</th></tr>`
      : `<tr class="${row.kind === 'account' ? '' : 'sum'}"><th>${esc(label(row))}</th>${[
          ...row.cells,
          row.total,
        ]
          .map((v) => `<td>${money(v)}</td>`)
          .join('')}</tr>`;
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
<table><thead><tr><th>Account</th>${layout.months.map((m) => `<th>${esc(monthHeading(m))}</th>`).join('')}<th>Total</th></tr></thead>
<tbody>
${layout.rows.map(tr).join('\n')}
</tbody></table></body></html>`;
}
