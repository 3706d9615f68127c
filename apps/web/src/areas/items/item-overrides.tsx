import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, type TClient } from '@fieldbook/core';

interface ItemOverridesProps {
  value: Record<string, number>;
  onChange: (v: Record<string, number>) => void;
  clients: TClient[];
}

const nameOf = (c: TClient | undefined) => (c ? `${c.name} ${c.surname}`.trim() : 'Unknown client');

/** A price per client: pick a client, enter a price, Add; each can be removed. */
export function ItemOverrides({ value, onChange, clients }: ItemOverridesProps) {
  const [clientId, setClientId] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const byId = new Map(clients.map((c) => [c._id, c]));
  const canAdd = !!clientId && typeof price === 'number' && price >= 1;
  const add = () => {
    if (!canAdd) return;
    onChange({ ...value, [clientId!]: price as number });
    setClientId(null);
    setPrice('');
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Client prices
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label="Client"
          placeholder="Pick a client"
          searchable
          data={clients.map((c) => ({ value: c._id, label: nameOf(c) }))}
          value={clientId}
          onChange={setClientId}
          style={{ flex: 1 }}
        />
        <NumberInput
          label="Client price"
          min={1}
          decimalScale={2}
          hideControls
          value={price}
          onChange={setPrice}
          // Enter adds the price rather than submitting the whole item.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          w={130}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!canAdd}
          onClick={add}
        >
          Add
        </Button>
      </Group>
      {Object.keys(value).length > 0 && (
        <Table aria-label="Client prices" verticalSpacing={4}>
          <Table.Tbody>
            {Object.entries(value).map(([id, p]) => (
              <Table.Tr key={id}>
                <Table.Td>{nameOf(byId.get(id))}</Table.Td>
                <Table.Td ta="right">{formatMoney(p)}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the price of ${nameOf(byId.get(id))}`}
                    onClick={() => {
                      const next = { ...value };
                      delete next[id];
                      onChange(next);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
