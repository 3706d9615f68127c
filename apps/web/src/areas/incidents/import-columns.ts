import type { ImportKind } from '../../api/use-import';

/** The columns the server reads for each kind of import, in the suggested order. */
export const IMPORT_COLUMNS: Record<ImportKind, string[]> = {
  clients: ['name', 'surname', 'email', 'phone', 'contactNumber', 'address', 'type'],
  invoices: [
    'invoiceNumber',
    'invoiceDate',
    'dueDate',
    'client',
    'description',
    'qty',
    'price',
    'paid',
    'datePaid',
    'methodPaid',
    'isQuote',
  ],
};

export const IMPORT_KINDS: { label: string; value: ImportKind }[] = [
  { label: 'Clients', value: 'clients' },
  { label: 'Invoices', value: 'invoices' },
];
