import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Period, TExportFormat, TProcessResult } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { periodQuery } from '../ui/use-period';
import { apiPost } from './api-client';
import { downloadFile } from './download';
import { invoiceKeys } from './query-keys';

/** Accounting-package exports and Process (docs/exports.md). */

const base = (cid: string | null) => `/companies/${cid ?? ''}`;

/** Downloads the period's invoices as the package's CSV; `resolve` marks them resolved. */
export function downloadInvoicesCsv(
  companyId: string | null,
  period: Period,
  format: TExportFormat,
  resolve = false,
) {
  const q = `${periodQuery(period)}&format=${format}${resolve ? '&resolve=true' : ''}`;
  return downloadFile(`${base(companyId)}/invoices/export?${q}`, `invoices-${format}.csv`);
}

/** Downloads the period's expenses as CSV. */
export function downloadExpensesCsv(companyId: string | null, period: Period) {
  return downloadFile(`${base(companyId)}/expenses/export?${periodQuery(period)}`, 'expenses.csv');
}

/** Process: the period's unpaid invoices become paid; the lists and clients reload. */
export function useProcessInvoices() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: Period) =>
      apiPost<TProcessResult>(`${base(companyId)}/invoices/process`, {
        from: p.from,
        to: p.to,
        type: String(p.type),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.clients(companyId) }),
      ]),
  });
}

/** After an export with Resolve all: the list shows the badges. */
export function useInvalidateInvoices() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
}
