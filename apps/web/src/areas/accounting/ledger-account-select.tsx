import { Select, type SelectProps } from '@mantine/core';
import { LEDGER_TYPE_LABELS, can, type TLedgerAccount } from '@fieldbook/core';
import { useLedgerAccounts } from '../../api/use-accounting';
import { useCurrentCompany } from '../../app/company-context';

/** An account as an option: code, name, and what kind it is. */
export const accountLabel = (a: TLedgerAccount) =>
  `${a.account ? `${a.account} · ` : ''}${a.name}${a.isDefault ? ' (default)' : ''}`;

/** The accounts of one side as Select groups, one group per type. */
export function accountOptions(accounts: readonly TLedgerAccount[], income: boolean | null) {
  const shown = accounts.filter((a) => income === null || a.income === income);
  const types = [...new Set(shown.map((a) => a.type))];
  return types.map((t) => ({
    group: LEDGER_TYPE_LABELS[t],
    items: shown.filter((a) => a.type === t).map((a) => ({ value: a._id, label: accountLabel(a) })),
  }));
}

interface LedgerAccountSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'clearable'
> {
  /** Income accounts (sales) or cost accounts (costs). */
  side: 'income' | 'cost';
  /** The chosen account; null means the company's default account of that side. */
  value: string | null;
  onChange: (id: string | null) => void;
}

/**
 * Pick a ledger account for a sale (income accounts) or a cost (cost
 * accounts). Cleared, it means "the default account": the server books the
 * item to the default of its side. An id that is no longer an account (it was
 * deleted) shows as the default too, and is sent as null once changed.
 */
export function LedgerAccountSelect({
  side,
  value,
  onChange,
  label = side === 'income' ? 'Sales account' : 'Cost account',
  placeholder = 'Default account',
  ...props
}: LedgerAccountSelectProps) {
  const { member } = useCurrentCompany();
  // The ledger is read with invoices create (the server's rule); without it
  // there is no picker and the document keeps whatever account it holds.
  const allowed = can(member, 'invoices', 'c');
  const accounts = useLedgerAccounts(allowed);
  const list = accounts.data ?? [];
  const known = value !== null && list.some((a) => a._id === value);
  if (!allowed || accounts.isError) return null;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      nothingFoundMessage="No account with that name"
      data={accountOptions(list, side === 'income')}
      // Until the accounts load, an id would show raw; show nothing instead.
      value={known ? value : null}
      onChange={(id) => onChange(id || null)}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

/**
 * The name of the account a document books to, read only: 'Default account'
 * for none (or one that no longer exists); nothing while loading or when the
 * member may not read the ledger.
 */
export function LedgerAccountName({ id }: { id: string | null }) {
  const { member } = useCurrentCompany();
  const accounts = useLedgerAccounts(can(member, 'invoices', 'c'));
  if (!accounts.data) return null;
  const a = id ? accounts.data.find((x) => x._id === id) : undefined;
  return <>{a ? accountLabel(a) : 'Default account'}</>;
}
