import { downloadJobsCsv } from '../../../api/use-jobs';
import { useCurrentCompany } from '../../../app/company-context';
import { DownloadButton } from '../../../ui/download-button';

/**
 * The appointments CSV (spec §9: Number, Reported Date, Cleared Date, Current
 * Status, Fault, Resolution) of every job of the company, from the board's top
 * bar (appointments r, as the board itself).
 */
export function DownloadJobsButton() {
  const { companyId } = useCurrentCompany();
  return <DownloadButton label="Download CSV" download={() => downloadJobsCsv(companyId ?? '')} />;
}
