import {
  IMPORT_COLUMNS,
  IMPORT_REQUIRED,
  type TImportRequest,
  type TImportResult,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { readCsv } from './csv.js';
import { importClients } from './import-clients.js';
import { importInvoices } from './import-invoices.js';
import { presentImport, type ImportOutcome } from './incidents.present.js';

/** Thrown to roll a dry run back once its outcome is known. */
class DryRun extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('dry run');
  }
}

export type ImportService = ReturnType<typeof createImportService>;

export function createImportService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;

  /**
   * The whole import is one transaction. A dry run does exactly the same work
   * and rolls it back, so its counts (numbers in use, clients matched, rows
   * the invoice writer refuses) are those the real import will have.
   */
  async function run(dryRun: boolean, work: (tx: Tx) => Promise<ImportOutcome>) {
    try {
      return await db.transaction(async (tx) => {
        const outcome = await work(tx);
        if (dryRun) throw new DryRun(outcome);
        return outcome;
      });
    } catch (e) {
      if (e instanceof DryRun) return e.outcome;
      throw e;
    }
  }

  return {
    async clients(companyId: string, userId: string, b: TImportRequest): Promise<TImportResult> {
      const table = readCsv(b.csv, IMPORT_COLUMNS.clients, IMPORT_REQUIRED.clients);
      const dryRun = b.dryRun ?? false;
      const outcome = await run(dryRun, (tx) => importClients(tx, { companyId, userId }, table));
      return presentImport(dryRun, table, outcome);
    },

    async invoices(companyId: string, userId: string, b: TImportRequest): Promise<TImportResult> {
      const table = readCsv(b.csv, IMPORT_COLUMNS.invoices, IMPORT_REQUIRED.invoices);
      const dryRun = b.dryRun ?? false;
      const outcome = await run(dryRun, async (tx) => {
        const company = await getCompany(tx, companyId);
        if (!company) throw notFound('Company not found');
        return importInvoices(tx, { company, userId }, table);
      });
      return presentImport(dryRun, table, outcome);
    },
  };
}
