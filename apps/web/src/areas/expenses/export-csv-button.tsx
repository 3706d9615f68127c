import type { Period } from '@fieldbook/core';
import { downloadExpensesCsv } from '../../api/use-exports';
import { useCurrentCompany } from '../../app/company-context';
import { DownloadButton } from '../../ui/download-button';

/** The expenses list's accounting-package csv (spec §4): the period's expenses with their account codes. */
export function ExportCsvButton({ period }: { period: Period }) {
  const { companyId } = useCurrentCompany();
  return (
    <DownloadButton label="Export csv" download={() => downloadExpensesCsv(companyId, period)} />
  );
}
