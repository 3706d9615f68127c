import { ZClientSave, ZEmail } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { clientKey } from './client-match.js';
import { issuesToErrors, type CsvTable, type RowError } from './csv.js';
import type { ImportOutcome } from './incidents.present.js';
import { addImportedClients, type ClientInsert } from '../clients/index.js';
import { listClientTypeNames } from './import.repo.js';

// The same lengths and messages as the client form; e-mail is checked on its own below.
const ZRow = ZClientSave.pick({
  name: true,
  surname: true,
  phone: true,
  contactNumber: true,
  address: true,
});

/** Reads and checks each row; the good ones are inserted, the others reported and skipped. */
export async function importClients(
  tx: Tx,
  ctx: { companyId: string; userId: string | null },
  table: CsvTable,
): Promise<ImportOutcome> {
  const types = await listClientTypeNames(tx, ctx.companyId);
  const errors: RowError[] = [];
  const good: ClientInsert[] = [];
  let skipped = table.errors.length;

  for (const { row, values: v } of table.rows) {
    const rowErrors: RowError[] = [];
    const parsed = ZRow.safeParse({
      name: v.name ?? '',
      surname: v.surname,
      phone: v.phone,
      contactNumber: v.contactNumber,
      address: v.address,
    });
    if (!parsed.success) rowErrors.push(...issuesToErrors(row, parsed.error.issues));

    let email = '';
    if (v.email) {
      const e = ZEmail.safeParse(v.email);
      if (e.success) email = e.data;
      else rowErrors.push({ row, field: 'email', message: 'must be an e-mail address' });
    }

    let entityTemplateId: string | null = null;
    if (v.type) {
      const found = types.filter((t) => clientKey(t.name) === clientKey(v.type!));
      if (found.length === 1) entityTemplateId = found[0]!.id;
      else
        rowErrors.push({
          row,
          field: 'type',
          message: found.length
            ? 'matches more than one client type'
            : 'is not a client type of this company',
        });
    }

    if (rowErrors.length || !parsed.success) {
      errors.push(...rowErrors);
      skipped++;
      continue;
    }
    const d = parsed.data;
    good.push({
      name: d.name,
      surname: d.surname ?? '',
      email,
      phone: d.phone ?? '',
      contactNumber: d.contactNumber ?? '',
      address: d.address ?? '',
      entityTemplateId,
      userId: ctx.userId,
    });
  }

  const created = good.length ? await addImportedClients(tx, ctx.companyId, good) : 0;
  return {
    errors: [...table.errors, ...errors],
    skipped,
    created: { clients: created, invoices: 0, incidents: 0 },
  };
}
