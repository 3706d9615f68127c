import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type ImportKind, type MemberAccess } from '@fieldbook/core';

/** The right an import needs: clients are created under clients, invoices under invoices (DECISIONS §2). */
export const canImport = (member: MemberAccess | null, kind: ImportKind) =>
  can(member, kind === 'clients' ? 'clients' : 'invoices', 'c');

/** "Import csv" on a list, opening the import on its kind; nothing without the right. */
export function ImportCsvButton({
  kind,
  member,
}: {
  kind: ImportKind;
  member: MemberAccess | null;
}) {
  if (!canImport(member, kind)) return null;
  return (
    <Button
      component={Link}
      to={`/import?kind=${kind}`}
      variant="default"
      leftSection={<IconFileImport size={16} />}
    >
      Import csv
    </Button>
  );
}
