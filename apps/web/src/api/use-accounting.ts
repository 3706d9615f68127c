import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Period,
  TAccountItem,
  TIncomeStatement,
  TLedgerAccount,
  TLedgerAccountSave,
  TSaved,
  TVatSummary,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { periodQuery } from '../ui/use-period';
import { apiGet, apiPost, apiRequest } from './api-client';
import { downloadFile } from './download';
import { accountingKeys } from './query-keys';

/** The ledger calls live under /companies/{cid}/accounts (spec: Ledger). */
const base = (cid: string) => `/companies/${encodeURIComponent(cid)}/accounts`;
const enc = encodeURIComponent;

// Keys start with ['company', cid, 'accounting'] so a company switch refetches them
// and one invalidation reloads the accounts, the statement and the items.

/**
 * The company's ledger accounts (the two defaults always among them);
 * `enabled` false for a member who may not read them.
 */
export function useLedgerAccounts(enabled = true) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: accountingKeys.accounts(companyId),
    queryFn: () => apiGet<TLedgerAccount[]>(base(companyId ?? '')),
    enabled: enabled && !!companyId,
    // Pickers on many screens share it; accounts change rarely.
    staleTime: 60_000,
  });
}

/** The income statement of a period: entries by month key 'YYYY-MM'. */
export function useIncomeStatement(period: Period) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: accountingKeys.statement(companyId, period),
    queryFn: () =>
      apiGet<TIncomeStatement>(`${base(companyId ?? '')}/incomeStatement?${periodQuery(period)}`),
    enabled: !!companyId,
  });
}

/** The VAT201 figures of a period (output VAT of invoices, input VAT, the difference). */
export function useVatSummary(period: Period) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: accountingKeys.vat(companyId, period),
    queryFn: () => apiGet<TVatSummary>(`${base(companyId ?? '')}/vat?${periodQuery(period)}`),
    enabled: !!companyId,
  });
}

/** What one statement cell opens: a month, an account and its side. */
export interface StatementCell {
  month: string;
  accountId: string;
  income: boolean;
}

/** The account items of one cell of the statement. */
export function useAccountItems(cell: StatementCell | null) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: accountingKeys.items(companyId, cell),
    queryFn: () =>
      apiGet<TAccountItem[]>(
        `${base(companyId ?? '')}/accountItems/${enc(cell!.month)}/${enc(cell!.accountId)}/${String(cell!.income)}`,
      ),
    enabled: !!companyId && !!cell,
  });
}

/** Everything the ledger shows, and the documents whose lines name accounts. */
function useInvalidateLedger() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountingKeys.all(companyId) });
}

/** Create (no `_id`) or update an account. */
export function useSaveLedgerAccount() {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: TLedgerAccountSave) => apiPost<TSaved>(base(companyId ?? ''), body),
    onSuccess: invalidate,
  });
}

/** Delete an account; the server moves its items to the default of its kind. */
export function useDeleteLedgerAccount() {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>('DELETE', `${base(companyId ?? '')}/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/** Move one account item to another account; the items and the statement reload. */
export function useChangeItemAccount() {
  const { companyId } = useCurrentCompany();
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: { item: string; ledgerAccountId: string }) =>
      apiPost<unknown>(`${base(companyId ?? '')}/changeItemAccount`, body),
    onSuccess: invalidate,
  });
}

/** The profit and loss report of a period as a PDF download. */
export function useDownloadProfitAndLoss() {
  const { companyId } = useCurrentCompany();
  return useMutation({
    mutationFn: (period: Period) =>
      downloadFile(
        `${base(companyId ?? '')}/download?${periodQuery(period)}`,
        `profit-and-loss-${period.from}-${period.to}.pdf`,
      ),
  });
}
