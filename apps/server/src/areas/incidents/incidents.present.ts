import { formatDate, type TImportResult, type TIncident } from '@fieldbook/core';
import type { CsvTable, RowError } from './csv.js';
import type { IncidentListRow } from './incidents.repo.js';

export function presentIncident(r: IncidentListRow, timeZone: string): TIncident {
  const i = r.incident;
  return {
    _id: i.id,
    date: formatDate(i.date, timeZone),
    description: i.description,
    value: i.value,
    status: i.status,
    recordKind: i.recordKind,
    recordId: i.recordId,
    fixedClient: r.fixedClient
      ? { _id: r.fixedClient.id, name: r.fixedClient.name, surname: r.fixedClient.surname }
      : null,
  };
}

/** What an import did (or, on a dry run, would do). */
export interface ImportOutcome {
  errors: RowError[];
  skipped: number;
  created: TImportResult['created'];
}

// A file of thousands of bad rows would otherwise answer megabytes; `skipped` still counts them all.
const MAX_ERRORS = 1000;

export function presentImport(
  dryRun: boolean,
  table: CsvTable,
  outcome: ImportOutcome,
): TImportResult {
  const errors = [...outcome.errors].sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS);
  return {
    dryRun,
    columns: table.columns,
    ignored: table.ignored,
    preview: table.preview,
    errors,
    created: outcome.created,
    skipped: outcome.skipped,
  };
}
