import { useState } from 'react';
import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { can, type TCar } from '@fieldbook/core';
import { useCars } from '../../api/use-vehicles';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { CarModal } from './car-modal';

const km = (n: number) => `${n.toLocaleString('en-ZA')} km`;

/** /cars: the company's cars; a row opens the car's form. */
export function CarsPage() {
  const { member } = useCurrentCompany();
  const cars = useCars();
  const phone = usePhone();
  // undefined: closed; null: a new car.
  const [open, setOpen] = useState<TCar | null | undefined>(undefined);
  const mayEdit = can(member, 'expenses', 'u');

  return (
    <>
      <PageHeader
        title="Cars"
        breadcrumbs={[{ label: 'Log book', to: '/logBook' }, { label: 'Cars' }]}
        actions={
          can(member, 'expenses', 'c') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(null)}>
              Add car
            </Button>
          )
        }
      />
      <Paper withBorder radius="md">
        <QueryState query={cars}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No cars yet. Add the cars your team drives for work.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={phone ? 0 : 640}>
                <Table verticalSpacing="sm" highlightOnHover aria-label="Cars">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Registration</Table.Th>
                      {!phone && <Table.Th>Car</Table.Th>}
                      <Table.Th ta="right">Odometer</Table.Th>
                      {!phone && <Table.Th>Status</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((c) => (
                      <Table.Tr
                        key={c._id}
                        style={mayEdit ? { cursor: 'pointer' } : undefined}
                        onClick={mayEdit ? () => setOpen(c) : undefined}
                      >
                        <Table.Td>
                          <Text fw={600}>{c.registration}</Text>
                          {phone && (
                            <Text size="sm" c="dimmed">
                              {c.make} {c.model}
                              {c.year ? ` (${c.year})` : ''}
                              {c.active ? '' : ' · inactive'}
                            </Text>
                          )}
                        </Table.Td>
                        {!phone && (
                          <Table.Td>
                            {c.make} {c.model}
                            {c.year ? ` (${c.year})` : ''}
                          </Table.Td>
                        )}
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {km(c.lastOdometer)}
                        </Table.Td>
                        {!phone && (
                          <Table.Td>
                            <Badge variant="light" color={c.active ? 'green' : 'gray'}>
                              {c.active ? 'Active' : 'Inactive'}
                            </Badge>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
      {open !== undefined && <CarModal car={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
