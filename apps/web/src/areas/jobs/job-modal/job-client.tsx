import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { can, type MemberAccess, type TAppointment } from '@fieldbook/core';
import { useJobClient } from '../../../api/use-jobs';

/** A number a phone can dial: digits and a leading +, nothing else. */
const dialable = (n: string) => n.replace(/[^\d+]/g, '');

/**
 * Who the job is for and how to reach them: the client's name, phone numbers
 * and e-mail (for members who may read clients), and the job's address. Kept
 * on the phone with the week's jobs (docs/offline.md), so a technician can
 * call or find the client without a network.
 */
export function JobClient({ job, member }: { job: TAppointment; member: MemberAccess }) {
  const mayRead = can(member, 'clients', 'r');
  const kept = useJobClient(job.entityId, mayRead).data;
  // A contact kept from before the member lost clients r is not shown.
  const client = mayRead ? kept : undefined;
  const name = `${job.clientName} ${job.clientSurname}`.trim();
  const address = job.address || client?.address || '';
  const phones = [client?.phone ?? '', client?.contactNumber ?? ''].filter(
    (n, i, all) => dialable(n) && all.indexOf(n) === i,
  );
  const email = client?.email || job.toEmail;
  if (!name && !address && !phones.length && !email) return null;
  return (
    <Paper withBorder p="xs" radius="sm" aria-label="Client contact" component="section">
      <Stack gap={4}>
        {name && (
          <Text size="sm" fw={600}>
            {name}
          </Text>
        )}
        {phones.map((n) => (
          <Group key={n} gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <Anchor size="sm" href={`tel:${dialable(n)}`}>
              {n}
            </Anchor>
          </Group>
        ))}
        {email && (
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden />
            <Anchor size="sm" href={`mailto:${email}`} style={{ overflowWrap: 'anywhere' }}>
              {email}
            </Anchor>
          </Group>
        )}
        {address && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {address}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
