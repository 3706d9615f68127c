import { useEffect } from 'react';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE, dateTimeIn } from '@fieldbook/core';
import { Link } from 'react-router';
import type { JobEntry, OutboxEntry } from '../api/offline/offline-db';
import { TRIP_PREFIX } from '../api/offline/outbox';
import { useOfflinePack, useOnline, useOutbox } from '../api/use-offline';
import { JOB_PARAM } from '../areas/jobs/job-modal/job-url';
import { useCurrentCompany } from './company-context';
import { warmFieldScreens } from './field-screens';

/** The job's number as the phone last had it (a change of the job carries the job). */
function numberOf(outbox: OutboxEntry[], jobId: string): string {
  const e = outbox.find((x): x is JobEntry => x.jobId === jobId && x.kind === 'job');
  return e?.base.appointmentNumber ?? '';
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * What the phone holds back (docs/offline.md): offline with the changes that
 * wait and when the week was last synced; online while they are sent; and
 * the jobs whose change needs a choice or was refused.
 */
export function OfflineBanner() {
  const online = useOnline();
  const outbox = useOutbox();
  const synced = useOfflinePack();
  const { company } = useCurrentCompany();
  // The week is on the phone: so is the code of the screens that show it.
  useEffect(() => {
    if (synced && online) warmFieldScreens();
  }, [synced, online]);
  const zone = company?.timeZone || DEFAULT_TIME_ZONE;
  const held = outbox.filter((e) => e.state !== 'waiting');
  const heldJobs = [...new Set(held.map((e) => e.jobId))];
  if (online && outbox.length === 0) return null;
  const waiting = plural(outbox.length, 'change');
  const when = synced ? ` Last synced ${dateTimeIn(synced, zone)}.` : '';
  return (
    <Alert
      color={online ? (held.length ? 'red' : 'blue') : 'yellow'}
      role="status"
      aria-label="Offline"
      mb="md"
      p="xs"
    >
      <Text size="sm" fw={600}>
        {online
          ? held.length
            ? `${plural(heldJobs.length, heldJobs.some((id) => id.startsWith(TRIP_PREFIX)) ? 'change' : 'job')} need${heldJobs.length === 1 ? 's' : ''} your attention.`
            : `Sending ${waiting}…`
          : `You are offline. ${outbox.length ? `${waiting} wait${outbox.length === 1 ? 's' : ''} on this phone.` : 'Nothing waits to be sent.'}${when}`}
      </Text>
      {heldJobs.length > 0 && (
        <Group gap="xs" mt={4}>
          {heldJobs.map((id) => (
            <Anchor
              key={id}
              component={Link}
              to={id.startsWith(TRIP_PREFIX) ? '/logBook' : `/statuses?${JOB_PARAM}=${id}`}
              size="sm"
            >
              {id.startsWith(TRIP_PREFIX)
                ? 'Open the log book'
                : `Open job ${numberOf(outbox, id)}`}
            </Anchor>
          ))}
        </Group>
      )}
    </Alert>
  );
}
