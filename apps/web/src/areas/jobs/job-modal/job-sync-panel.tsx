import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import type { JobConflict, TAppointmentType } from '@fieldbook/core';
import type { JobEntry } from '../../../api/offline/offline-db';
import { discardEntry } from '../../../api/offline/outbox';
import { dismissNotices, resolveConflict } from '../../../api/offline/sync';
import { useJobNotices, useJobOutbox, useOnline } from '../../../api/use-offline';
import { conflictLabel, conflictValue } from './job-sync-words';
import { confirmDiscard } from '../../../ui/confirm';

/**
 * What the phone holds back for this job (docs/offline.md): a change the
 * office overtook, field by field with both values to choose from; a change
 * the server refused, with Discard; and messages of changes partly saved.
 */
export function JobSyncPanel({ jobId, type }: { jobId: string; type?: TAppointmentType }) {
  const outbox = useJobOutbox(jobId) ?? [];
  const notices = useJobNotices(jobId);
  const online = useOnline();
  const held = outbox.filter((e) => e.state !== 'waiting');
  const waiting = outbox.length - held.length;
  if (online && outbox.length === 0 && notices.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {(!online || waiting > 0) && (
        <Alert
          color={online ? 'blue' : 'yellow'}
          p="xs"
          role="status"
          aria-label="This job offline"
        >
          <Text size="sm">
            {online
              ? `Sending this job's changes (${waiting})…`
              : `You are offline. ${
                  waiting
                    ? `${waiting} ${waiting === 1 ? 'change' : 'changes'} of this job wait on this phone`
                    : 'Changes are kept on this phone'
                } and are sent when you are back online.`}
          </Text>
        </Alert>
      )}
      {notices.map((n) => (
        <Alert key={n} color="orange" withCloseButton onClose={() => void dismissNotices(jobId)}>
          <Text size="sm">{n}</Text>
        </Alert>
      ))}
      {held.map((e) =>
        e.kind === 'job' && e.state === 'conflict' ? (
          <ConflictChoice key={e.seq} entry={e} type={type} />
        ) : (
          <Alert key={e.seq} color="red" title="Not saved">
            <Text size="sm">{e.message}</Text>
            <Button
              mt="xs"
              size="xs"
              variant="light"
              color="red"
              onClick={() => confirmDiscard('change', () => void discardEntry(e.seq!))}
            >
              Discard change
            </Button>
          </Alert>
        ),
      )}
    </Stack>
  );
}

function ConflictChoice({ entry, type }: { entry: JobEntry; type?: TAppointmentType }) {
  const conflicts: JobConflict[] = entry.conflicts ?? [];
  const [mine, setMine] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(conflicts.map((c) => [c.field, true])),
  );
  const send = (keep: Set<string>) => void resolveConflict(entry.seq!, keep);
  return (
    <Alert color="orange" title="Someone else changed this job while you were offline">
      <Text size="sm" mb="xs">
        Choose which value to keep for each field. Your other changes are saved as they are.
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table withTableBorder verticalSpacing={4} aria-label="Changed by both">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Yours</Table.Th>
              <Table.Th>Theirs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflicts.map((c) => {
              const label = conflictLabel(c.field, type);
              return (
                <Table.Tr key={c.field}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>
                    <Radio
                      name={`keep-${entry.seq}-${c.field}`}
                      label={conflictValue(c.mine)}
                      aria-label={`${label}: yours`}
                      checked={mine[c.field] ?? true}
                      onChange={() => setMine({ ...mine, [c.field]: true })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      name={`keep-${entry.seq}-${c.field}`}
                      label={conflictValue(c.theirs)}
                      aria-label={`${label}: theirs`}
                      checked={!(mine[c.field] ?? true)}
                      onChange={() => setMine({ ...mine, [c.field]: false })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="xs" gap="xs">
        <Button
          size="xs"
          onClick={() =>
            send(new Set(conflicts.filter((c) => mine[c.field] ?? true).map((c) => c.field)))
          }
        >
          Save my choices
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => send(new Set(conflicts.map((c) => c.field)))}
        >
          Keep mine
        </Button>
      </Group>
    </Alert>
  );
}
