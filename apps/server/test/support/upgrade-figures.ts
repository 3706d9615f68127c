import fs from 'node:fs';
import { HttpApi } from './server-process.js';
import { pdfText } from './pdf-text.js';

/**
 * The figures an upgrade must keep (issue 21 item 9), read from a running server over its
 * HTTP API as the demo owner sees them: every invoice's number, totals and payment, the
 * invoices' summary, the income statement and VAT summary of the period the invoices span,
 * each month's dashboard figures, and the text of one invoice's PDF. Only fields that do not
 * move with the day the test runs are kept (the dashboard's overdue figures do; they are left out).
 *
 * Run against the old release to write a fixture's expected.json:
 *   npx tsx test/support/upgrade-figures.ts http://127.0.0.1:PORT test/fixtures/release-X/expected.json
 */

export interface Figures {
  period: { from: string; to: string };
  invoices: Record<string, unknown>[];
  summary: unknown;
  incomeStatement: unknown;
  vat: unknown;
  dashboard: Record<string, unknown>;
  pdf: { invoiceNumber: string; text: string };
}

export const DEMO_LOGIN = { username: 'demo', password: 'fieldbook-demo' };
export const DEMO_COMPANY = 'Dlamini Plumbing & Electrical';

interface Row {
  _id: string;
  invoiceDate: string;
}

/** Each YYYY-MM from the month of `from` to the month of `to`. */
function months(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    if (++m > 12) [y, m] = [y + 1, 1];
  }
}

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The figures of the demo company; `period` fixes the months (else those the invoices span). */
export async function collectFigures(
  base: string,
  period?: { from: string; to: string },
): Promise<Figures> {
  const api = await HttpApi.login(base, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const companies = await api.get<{ _id: string; companyName: string }[]>('/api/companies');
  const cid = companies.find((c) => c.companyName === DEMO_COMPANY)!._id;
  const c = `/api/companies/${cid}`;

  const all = await api.get<Row[]>(`${c}/invoices?from=2000-01-01&to=2099-12-31`);
  if (!period) {
    const dates = all.map((r) => r.invoiceDate.slice(0, 10)).sort();
    period = { from: `${dates[0]!.slice(0, 7)}-01`, to: lastDay(dates.at(-1)!.slice(0, 7)) };
  }
  const q = `from=${period.from}&to=${period.to}`;
  const invoices: Record<string, unknown>[] = [];
  for (const row of all) {
    const i = await api.get<Record<string, unknown>>(`${c}/invoices/${row._id}`);
    invoices.push({
      _id: i._id,
      invoiceNumber: i.invoiceNumber ?? null,
      quoteNumber: i.quoteNumber ?? null,
      isQuote: i.isQuote ?? false,
      invoiceDate: String(i.invoiceDate).slice(0, 10),
      totals: i.totals,
      paid: i.paid ?? false,
      amountPaid: i.amountPaid ?? null,
      balance: i.balance ?? null,
      lines: (i.descriptions as { description: string; qty: number; price: number }[]).map((l) => ({
        description: l.description,
        qty: l.qty,
        price: l.price,
      })),
    });
  }
  invoices.sort((a, b) => String(a._id).localeCompare(String(b._id)));

  const dashboard: Record<string, unknown> = {};
  for (const month of months(period.from, period.to)) {
    const d = await api.get<{
      invoices: Record<string, number> | null;
      expenses: unknown;
    }>(`${c}/dashboard?month=${month}`);
    const inv = d.invoices!;
    dashboard[month] = {
      invoiced: inv.invoiced,
      invoicedCount: inv.invoicedCount,
      paid: inv.paid,
      outstanding: inv.outstanding,
      expenses: d.expenses,
    };
  }

  // The first invoice (not a quote) by number: its PDF as printed today.
  const first = invoices
    .filter((i) => !i.isQuote && i.invoiceNumber !== null)
    .sort((a, b) => String(a.invoiceNumber).localeCompare(String(b.invoiceNumber)))[0]!;
  const { headers } = api as unknown as { headers: Record<string, string> };
  const res = await fetch(`${base}${c}/invoices/${String(first._id)}/download`, { headers });
  if (!res.ok) throw new Error(`PDF: ${res.status} ${await res.text()}`);
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));

  return {
    period,
    invoices,
    summary: await api.get(`${c}/invoices/summary?${q}`),
    incomeStatement: await api.get(`${c}/accounts/incomeStatement?${q}`),
    vat: await api.get(`${c}/accounts/vat?${q}`),
    dashboard,
    pdf: { invoiceNumber: String(first.invoiceNumber), text },
  };
}

if (process.argv[1]?.endsWith('upgrade-figures.ts')) {
  const [url, out] = process.argv.slice(2);
  const figures = await collectFigures(url!);
  fs.writeFileSync(out!, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`${figures.invoices.length} invoices written to ${out}`);
}
