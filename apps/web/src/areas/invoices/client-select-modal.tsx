import { useState } from 'react';
import { Group, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TClient } from '@fieldbook/core';
import { useClients } from '../../api/use-clients';
import { Money } from '../../ui/money';
import { QueryState } from '../../ui/query-state';

interface ClientSelectModalProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (client: TClient) => void;
}

export const clientName = (c: Pick<TClient, 'name' | 'surname'>) => `${c.name} ${c.surname}`.trim();

/** Search the company's clients and pick one for the document. */
export function ClientSelectModal({ opened, onClose, onSelect }: ClientSelectModalProps) {
  const clients = useClients();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  return (
    <Modal opened={opened} onClose={onClose} title="Select a client" size="lg">
      <TextInput
        label="Search clients"
        placeholder="Name, surname or e-mail"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
        mb="sm"
      />
      <QueryState query={clients}>
        {(list) => {
          const shown = list.filter(
            (c) => !needle || `${clientName(c)} ${c.email}`.toLowerCase().includes(needle),
          );
          if (shown.length === 0)
            return (
              <Text c="dimmed" ta="center" py="md">
                No clients found.
              </Text>
            );
          return (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={4}>
                {shown.map((c) => (
                  <UnstyledButton
                    key={c._id}
                    aria-label={clientName(c)}
                    onClick={() => {
                      onSelect(c);
                      onClose();
                    }}
                    p="sm"
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      border: '1px solid var(--mantine-color-gray-3)',
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={600}>{clientName(c)}</Text>
                        <Text size="xs" c="dimmed">
                          {c.email || 'No e-mail address'}
                        </Text>
                      </div>
                      {c.outstanding !== 0 && (
                        <Text size="sm" c="orange.8">
                          <Money value={c.outstanding} /> outstanding
                        </Text>
                      )}
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          );
        }}
      </QueryState>
    </Modal>
  );
}
