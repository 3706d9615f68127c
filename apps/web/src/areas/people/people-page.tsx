import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePeople } from '../../api/use-people';
import { useGlobalSearch } from '../../app/search-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { NewPersonModal } from './new-person-modal';
import { PERSON_TYPE_LABELS, type PersonType } from './person-types';

const FILTERS: { label: string; type: PersonType | null }[] = [
  { label: 'All', type: null },
  { label: 'Clients', type: 'client' },
  { label: 'Make Up', type: 'makeup' },
];

/** /people: the people list with type filters and a create modal. */
export function PeoplePage() {
  const people = usePeople();
  const { search } = useGlobalSearch();
  const [filter, setFilter] = useState<PersonType | null>(null);
  const [creating, setCreating] = useState(false);
  const needle = search.trim().toLowerCase();

  return (
    <>
      <PageHeader
        title="People"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'People' }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New person
          </Button>
        }
      />
      <Group gap="xs" mb="md" role="group" aria-label="Filter people">
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            size="xs"
            radius="xl"
            variant={filter === f.type ? 'filled' : 'default'}
            aria-pressed={filter === f.type}
            onClick={() => setFilter(f.type)}
          >
            {f.label}
          </Button>
        ))}
      </Group>
      <Paper withBorder>
        <QueryState query={people}>
          {(list) => {
            const shown = list.filter(
              (p) =>
                (!filter || p.rank === filter) &&
                (!needle || `${p.name} ${p.surname}`.toLowerCase().includes(needle)),
            );
            if (shown.length === 0)
              return (
                <Text c="dimmed" ta="center" py="xl">
                  No people to show.
                </Text>
              );
            return (
              <Table.ScrollContainer minWidth={480}>
                <Table
                  verticalSpacing="sm"
                  horizontalSpacing="md"
                  aria-label="People"
                  highlightOnHover
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Surname</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th ta="right">View</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((p) => (
                      <Table.Tr key={p._id}>
                        <Table.Td>{p.name}</Table.Td>
                        <Table.Td>{p.surname}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={p.rank === 'admin' ? 'gray' : 'brand'}>
                            {PERSON_TYPE_LABELS[p.rank]}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Anchor
                            component={Link}
                            to={`/people/${p._id}`}
                            aria-label={`View ${p.name} ${p.surname}`}
                          >
                            View
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            );
          }}
        </QueryState>
      </Paper>
      <NewPersonModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
