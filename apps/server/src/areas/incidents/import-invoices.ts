import { ZInvoiceSave, addDays } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import type { CompanyRow } from '../companies/index.js';
import { writeInvoice } from '../invoices/index.js';
import { clientMatcher, displayName, matchWording } from './client-match.js';
import type { CsvTable, RowError } from './csv.js';
import { insertIncident, listLiveClients } from './incidents.repo.js';
import type { ImportOutcome } from './incidents.present.js';
import { numberOf } from './import.repo.js';
import {
  failGroup,
  groupLines,
  mergeHead,
  readLine,
  type Head,
  type RowGroup,
} from './invoice-rows.js';

const COLUMN_OF: Record<string, string> = { entityId: 'client', quoteNumber: 'invoiceNumber' };

interface Ctx {
  company: Pick<CompanyRow, 'id' | 'tax' | 'numbering' | 'timeZone'>;
  userId: string | null;
}

interface Ready {
  group: RowGroup;
  head: Head & { invoiceDate: string; client: string };
}

/**
 * Rows sharing an invoice number become the lines of one invoice; a row
 * without a number is an invoice of its own. An invoice with any bad line is
 * skipped whole, never half-imported. Each invoice is written under a
 * savepoint, so one the writer refuses leaves the others intact.
 */
export async function importInvoices(tx: Tx, ctx: Ctx, table: CsvTable): Promise<ImportOutcome> {
  const companyId = ctx.company.id;
  const errors: RowError[] = [...table.errors];
  let skipped = table.errors.length;
  const fail = (g: RowGroup, errs: RowError[]) => {
    errors.push(...failGroup(g, errs));
    skipped += g.lines.length;
  };

  const ready: Ready[] = [];
  for (const group of groupLines(table.rows.map(readLine))) {
    const merged = mergeHead(group);
    const errs = [...group.lines.flatMap((l) => l.errors), ...merged.errors];
    if (errs.length) fail(group, errs);
    else ready.push({ group, head: merged.head as Ready['head'] });
  }

  // Numbered invoices first, so a number generated for an unnumbered row cannot take one the file gives.
  const order = [...ready.filter((r) => r.group.number), ...ready.filter((r) => !r.group.number)];

  const match = clientMatcher(await listLiveClients(tx, companyId));
  const created = { clients: 0, invoices: 0, incidents: 0 };
  for (const { group, head } of order) {
    const found = match(head.client);
    const client = found.length === 1 ? found[0]! : null;
    const parsed = ZInvoiceSave.safeParse({
      isQuote: head.isQuote ?? false,
      invoiceDate: head.invoiceDate,
      dueDate: head.dueDate ?? addDays(head.invoiceDate, 7),
      // Replaced below: an unidentified client leaves the invoice without one, under an incident.
      entityId: client?.id ?? 'none',
      // As when a client is picked in the editor: the document is addressed to the client.
      to: client ? displayName(client) : head.client,
      ...(client?.email && { toEmail: client.email }),
      descriptions: group.lines.map((l) => l.line),
      paid: head.paid ?? false,
      // An imported payment is dated by the file, else by the invoice, never by the day of the import.
      datePaid: head.paid ? (head.datePaid ?? head.invoiceDate) : null,
      methodPaid: head.paid ? head.methodPaid : undefined,
    });
    if (!parsed.success) {
      fail(group, issueErrors(group, parsed.error.issues));
      continue;
    }
    const opts = group.number
      ? head.isQuote
        ? { quoteNumber: group.number }
        : { invoiceNumber: group.number }
      : undefined;
    let id: string;
    try {
      id = await tx.transaction(async (sp) => {
        const saved = await writeInvoice(
          sp,
          ctx.company,
          ctx.userId,
          { ...parsed.data, entityId: client?.id ?? null },
          opts,
        );
        return saved.id;
      });
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      // The writer names its own fields; the file's columns are named after the CSV.
      const [field, message] = Object.entries(e.fields ?? { row: e.message })[0]!;
      const column = COLUMN_OF[field] ?? field;
      fail(
        group,
        group.lines.map((l) => ({ row: l.row, field: column, message })),
      );
      continue;
    }
    created.invoices++;
    if (!client) {
      const n = await numberOf(tx, companyId, id);
      const label = n?.isQuote
        ? `quote ${n.quoteNumber ?? ''}`
        : `invoice ${n?.invoiceNumber ?? ''}`;
      await insertIncident(tx, companyId, {
        description: `Imported ${label.trim()}: client "${head.client}" ${matchWording(found.length)}`,
        value: head.client,
        recordKind: 'invoice',
        recordId: id,
      });
      created.incidents++;
    }
  }
  return { errors, skipped, created };
}

/** Zod issues of the assembled invoice, each on the row it comes from (a line's own row). */
function issueErrors(g: RowGroup, issues: { path: PropertyKey[]; message: string }[]): RowError[] {
  return issues.map((i) => {
    const [top, index, field] = i.path;
    if (top === 'descriptions' && typeof index === 'number' && g.lines[index]) {
      return { row: g.lines[index].row, field: String(field ?? 'description'), message: i.message };
    }
    return { row: g.lines[0]!.row, field: String(top ?? 'row'), message: i.message };
  });
}
