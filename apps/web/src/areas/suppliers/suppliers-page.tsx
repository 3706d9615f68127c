import { Anchor, Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { can } from '@fieldbook/core';
import { useSuppliers } from '../../api/use-suppliers';
import { useCurrentCompany } from '../../app/company-context';
import { Money } from '../../ui/money';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';

/** /suppliers: name, surname and what the company still owes each supplier. */
export function SuppliersPage() {
  const { member } = useCurrentCompany();
  const suppliers = useSuppliers();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Suppliers"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Suppliers' }]}
        actions={
          can(member, 'clients', 'c') && (
            <Button component={Link} to="/suppliers/new" leftSection={<IconPlus size={16} />}>
              New
            </Button>
          )
        }
      />
      <Paper withBorder>
        <QueryState query={suppliers}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No suppliers yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420} type="native">
                <Table
                  highlightOnHover
                  verticalSpacing="sm"
                  horizontalSpacing="md"
                  aria-label="Suppliers"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Surname</Table.Th>
                      <Table.Th ta="right">Outstanding</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...list]
                      .sort((a, b) =>
                        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
                      )
                      .map((s) => (
                        <Table.Tr
                          key={s._id}
                          style={{ cursor: 'pointer' }}
                          onClick={() => void navigate(`/suppliers/${s._id}`)}
                        >
                          <Table.Td>
                            <Anchor
                              inherit
                              component={Link}
                              to={`/suppliers/${s._id}`}
                              onClick={(e) => e.stopPropagation()}
                            >
                              {s.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{s.surname}</Table.Td>
                          <Table.Td ta="right">
                            <Money value={s.outstanding} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
    </>
  );
}
