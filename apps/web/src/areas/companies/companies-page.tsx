import { useState } from 'react';
import { Avatar, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TCompanySummary } from '@fieldbook/core';
import { apiUrl } from '../../api/api-client';
import { useCompanies } from '../../api/use-companies';
import { useCurrentCompany } from '../../app/company-context';
import { useGlobalSearch } from '../../app/search-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { EditCompanyModal } from './edit-company-modal';
import { NewCompanyModal } from './new-company-modal';

function CompanyRow({ c, current }: { c: TCompanySummary; current: boolean }) {
  const { switchCompany } = useCurrentCompany();
  return (
    <Table.Tr
      bg={current ? 'var(--mantine-color-brand-0)' : undefined}
      aria-current={current || undefined}
    >
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={c.companyLogo ? apiUrl(c.companyLogo) : null}
            alt=""
            radius="md"
            color="brand"
          >
            <IconBuildingStore size={20} />
          </Avatar>
          <Text fw={500}>{c.companyName}</Text>
          {current && <Badge variant="filled">Current</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>{c.isOwner ? 'Owner' : 'Member'}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant={current ? 'light' : 'filled'}
            disabled={current}
            onClick={() => {
              switchCompany(c._id);
              notifications.show({ message: `Switched to ${c.companyName}` });
            }}
          >
            Switch
          </Button>
          <Button size="xs" variant="default" component={Link} to={`/company/${c._id}`}>
            Settings
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /companies: my companies, a switcher, and new/edit modals. */
export function CompaniesPage() {
  const companies = useCompanies();
  const { companyId, company } = useCurrentCompany();
  const { search } = useGlobalSearch();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState(false);
  const needle = search.trim().toLowerCase();

  return (
    <>
      <PageHeader
        title="Companies"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Companies' }]}
        actions={
          <>
            {company && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
              >
                Edit company
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New company
            </Button>
          </>
        }
      />
      <Paper withBorder>
        <QueryState query={companies}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                You have no company yet. Create one with New company.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table
                  verticalSpacing="sm"
                  horizontalSpacing="md"
                  aria-label="Companies"
                  highlightOnHover
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Company</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th ta="right">Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list
                      .filter((c) => !needle || c.companyName.toLowerCase().includes(needle))
                      .map((c) => (
                        <CompanyRow key={c._id} c={c} current={c._id === companyId} />
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
      <NewCompanyModal opened={creating} onClose={() => setCreating(false)} />
      {company && editing && (
        <EditCompanyModal company={company} onClose={() => setEditing(false)} />
      )}
    </>
  );
}
