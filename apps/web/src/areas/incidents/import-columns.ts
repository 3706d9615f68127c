import type { ImportKind } from '@fieldbook/core';

export const IMPORT_KINDS: { label: string; value: ImportKind }[] = [
  { label: 'Clients', value: 'clients' },
  { label: 'Invoices', value: 'invoices' },
];
