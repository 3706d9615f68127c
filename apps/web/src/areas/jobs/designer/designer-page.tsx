import { Alert } from '@mantine/core';
import { can } from '@fieldbook/core';
import { useJobTypes } from '../../../api/use-job-types';
import { useCurrentCompany } from '../../../app/company-context';
import { pageLoading } from '../../../app/lazy-route';
import { NotFoundPage } from '../../../app/not-found-page';
import { useCurrentUser } from '../../../app/use-session';
import { PageHeader } from '../../../ui/page-header';
import { ErrorAlert } from '../../../ui/query-state';
import { Designer } from './designer';

const TITLE = 'Appointment Settings';

/**
 * /diagram: the company's appointment types, their workflows and forms. For
 * rank super or a member with settings u, like the template screens
 * (DECISIONS §12); the server enforces the same.
 */
export function DiagramPage() {
  const user = useCurrentUser();
  const { companyId, member, loading } = useCurrentCompany();
  const allowed = user.rank === 'super' || can(member, 'settings', 'u');
  const types = useJobTypes(allowed);

  if (loading) return pageLoading;
  if (!allowed) return <NotFoundPage />;
  const header = (
    <PageHeader title={TITLE} breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: TITLE }]} />
  );
  if (!companyId)
    return (
      <>
        {header}
        <Alert color="gray">Please select a company first.</Alert>
      </>
    );
  if (types.error)
    return (
      <>
        {header}
        <ErrorAlert title="Appointment types not loaded" error={types.error} />
      </>
    );
  if (!types.data) return pageLoading;
  // A fresh editor per company; saving refreshes the list without resetting it.
  return <Designer key={companyId} title={TITLE} initial={types.data} />;
}
