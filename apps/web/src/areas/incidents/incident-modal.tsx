import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TIncident } from '@fieldbook/core';
import { clientFullName, useClientOptions, useFixIncident } from '../../api/use-incidents';
import { ErrorAlert } from '../../ui/query-state';

/** The server names the field ('newValue matches no client'); the user chose a name. */
function fixError(err: unknown, newValue: string | undefined): unknown {
  if (!(err instanceof Error) || !newValue || !err.message.startsWith('newValue ')) return err;
  return new Error(`"${newValue}" ${err.message.slice('newValue '.length)}`);
}

interface IncidentModalProps {
  incident: TIncident;
  canFix: boolean;
  onClose: () => void;
}

/** An open incident: what was read, and the client to assign the record to. */
export function IncidentModal({ incident, canFix, onClose }: IncidentModalProps) {
  const clients = useClientOptions();
  const fix = useFixIncident();
  const [clientId, setClientId] = useState<string | null>(null);
  const chosen = clients.data?.find((c) => c._id === clientId);

  const submit = () => {
    if (!chosen) return;
    fix.mutate(
      { id: incident._id, newValue: clientFullName(chosen) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Incident fixed: assigned to ${clientFullName(chosen)}`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Incident" centered size="lg">
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Description
          </Text>
          <Text size="sm">{incident.description}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Value
          </Text>
          <Text size="sm" fw={600}>
            {incident.value || '(empty)'}
          </Text>
        </div>
        <Select
          label="Client"
          description="The client this record belongs to"
          placeholder={clients.isLoading ? 'Loading clients…' : 'Search clients'}
          searchable
          data-autofocus
          nothingFoundMessage="No client with that name"
          data={(clients.data ?? []).map((c) => ({
            value: c._id,
            label: clientFullName(c) || c.email || '(no name)',
          }))}
          renderOption={({ option }) => {
            const c = clients.data?.find((x) => x._id === option.value);
            return (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {c?.email && (
                  <Text size="xs" c="dimmed">
                    {c.email}
                  </Text>
                )}
              </Stack>
            );
          }}
          value={clientId}
          onChange={setClientId}
          comboboxProps={{ withinPortal: true }}
        />
        <ErrorAlert error={clients.error} />
        <ErrorAlert error={fixError(fix.error, fix.variables?.newValue)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!chosen || !canFix} loading={fix.isPending}>
            Fix
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
