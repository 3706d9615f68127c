import { useMemo, useState } from 'react';
import { Button, Group, Paper, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { addAmounts, can } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useClientDownloads, useClientTypes, useClients } from '../../api/use-clients';
import { useCurrentCompany } from '../../app/company-context';
import { ImportCsvButton } from '../incidents/import-csv-button';
import { Money } from '../../ui/money';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { ClientsTable } from './clients-table';
import { useScreenSearchParams } from '../../ui/use-screen-search';

/** /clients: tabs per client type, the Outstanding total, exports and a fast table. */
export function ClientsPage() {
  const { member } = useCurrentCompany();
  const clients = useClients();
  const types = useClientTypes();
  const downloads = useClientDownloads();
  const [params, setParams] = useScreenSearchParams();
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const typeId = params.get('type') ?? 'all';

  const typeNames = useMemo(
    () => new Map((types.data ?? []).map((t) => [t._id, t.name])),
    [types.data],
  );
  const needle = search.trim().toLowerCase();
  const shown = useMemo(() => {
    const list = (clients.data ?? []).filter(
      (c) =>
        (typeId === 'all' || c.entityTemplateId === typeId) &&
        (!needle || `${c.name} ${c.surname}`.toLowerCase().includes(needle)),
    );
    return list.sort((a, b) =>
      `${a.name} ${a.surname}`.localeCompare(`${b.name} ${b.surname}`, undefined, {
        sensitivity: 'base',
      }),
    );
  }, [clients.data, typeId, needle]);
  // The tab's total, whatever the search box narrows the rows to.
  const outstanding = useMemo(
    () =>
      (clients.data ?? [])
        .filter((c) => typeId === 'all' || c.entityTemplateId === typeId)
        .reduce((sum, c) => addAmounts(sum, c.outstanding), 0),
    [clients.data, typeId],
  );

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      // The export follows the tab: all clients, or the clients of that type.
      await downloads.exportClients(format, typeId === 'all' ? undefined : typeId);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(e) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Clients"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Clients' }]}
        actions={
          <>
            <Button
              component={Link}
              to="/clientTypes"
              variant="subtle"
              leftSection={<IconCategory size={16} />}
            >
              Client types
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exporting === 'csv'}
              onClick={() => void exportAs('csv')}
            >
              Export csv
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exporting === 'xlsx'}
              onClick={() => void exportAs('xlsx')}
            >
              Export xls
            </Button>
            <ImportCsvButton kind="clients" member={member} />
            {can(member, 'clients', 'c') && (
              <Button component={Link} to="/clients/new" leftSection={<IconPlus size={16} />}>
                New
              </Button>
            )}
          </>
        }
      />
      <Tabs
        value={typeId}
        onChange={(v) => setParams(v && v !== 'all' ? { type: v } : {}, { replace: true })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          {(types.data ?? []).map((t) => (
            <Tabs.Tab key={t._id} value={t._id}>
              {t.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" align="flex-end" mb="md" gap="md" wrap="wrap">
        <Paper withBorder p="md" miw={220} role="group" aria-label="Outstanding">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Outstanding
          </Text>
          <Text fz={26} fw={700}>
            <Money value={outstanding} />
          </Text>
        </Paper>
        <TextInput
          aria-label="Search clients"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
      </Group>
      <Paper withBorder>
        <QueryState query={clients}>
          {() => <ClientsTable clients={shown} typeNames={typeNames} />}
        </QueryState>
      </Paper>
    </>
  );
}
