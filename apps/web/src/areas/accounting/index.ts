/** The accounting area's public face: other areas import only from here. */
export {
  LedgerAccountName,
  LedgerAccountSelect,
  accountLabel,
  accountOptions,
} from './ledger-account-select';
