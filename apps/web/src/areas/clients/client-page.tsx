import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { useParams } from 'react-router';
import { can } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { useClient, useClientTypes } from '../../api/use-clients';
import { ClientJobs } from '../jobs/client-jobs';
import { PageHeader } from '../../ui/page-header';
import { ErrorAlert } from '../../ui/query-state';
import { ClientDetailsForm } from './client-details-form';
import { ClientPortalPanel } from '../portal/client-portal-panel';
import { ClientStatement } from './client-statement';
import { useScreenSearchParams } from '../../ui/use-screen-search';

const TABS = [
  { value: 'details', label: 'Details' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'account', label: 'Account' },
];
/** Earlier links named the Calendar tab 'jobs'. */
const ALIASES: Record<string, string> = { jobs: 'calendar' };

const loading = (
  <Center py="xl">
    <Loader aria-label="Loading" />
  </Center>
);

/** /clients/{id} ('new' for a new client): tabs Details, Calendar (with appointments read) and Account. */
export function ClientPage() {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const client = useClient(id, !isNew);
  const types = useClientTypes();
  const [params, setParams] = useScreenSearchParams();
  const seesJobs = can(useCurrentCompany().member, 'appointments', 'r');
  const tabs = TABS.filter((t) => t.value !== 'calendar' || seesJobs);
  const raw = params.get('tab');
  const asked = raw && (ALIASES[raw] ?? raw);
  const tab = !isNew && tabs.some((t) => t.value === asked) ? asked! : 'details';
  const name = client.data ? `${client.data.name} ${client.data.surname}`.trim() : 'Client';
  const title = isNew ? 'New client' : name;

  let body;
  if (types.isLoading || (!isNew && client.isLoading)) body = loading;
  else if (!isNew && client.error)
    body = <ErrorAlert title="Entity Not loaded" error={client.error} />;
  else if (types.error) body = <ErrorAlert title="Client types not loaded" error={types.error} />;
  else if (isNew) body = <ClientDetailsForm key="new" client={null} types={types.data ?? []} />;
  else if (client.data)
    body = (
      <Tabs
        value={tab}
        onChange={(v) => v && setParams({ tab: v }, { replace: true })}
        // Hidden panels stay as they are (display: none). Mantine's default hides them in
        // React's <Activity>, which runs the map's effects again on the same element:
        // react-leaflet does not support that ("Map container is being reused").
        keepMountedMode="display-none"
      >
        <Tabs.List mb="lg">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Kept mounted: switching tabs must not throw away edits in progress. */}
        <Tabs.Panel value="details">
          <ClientDetailsForm key={id} client={client.data} types={types.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          {tab === 'account' && (
            <Stack gap="lg">
              <ClientStatement clientId={id} clientName={name} />
              <ClientPortalPanel clientId={id} hasEmail={!!client.data.email?.trim()} />
            </Stack>
          )}
        </Tabs.Panel>
        {seesJobs && (
          <Tabs.Panel value="calendar">
            {tab === 'calendar' && <ClientJobs clientId={id} clientName={name} />}
          </Tabs.Panel>
        )}
      </Tabs>
    );
  else body = null;

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Clients', to: '/clients' },
          { label: title },
        ]}
      />
      {body}
    </>
  );
}
