import { useState } from 'react';
import { Button, Collapse, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { dateTimeIn, type TLogEntry } from '@fieldbook/core';

/**
 * The job's log, newest first as the server keeps it, in a section that opens
 * on demand; times on the company's clock (`timeZone`), as everywhere else.
 */
export function JobLog({ log, timeZone }: { log: TLogEntry[]; timeZone: string }) {
  const [open, setOpen] = useState(false);
  if (log.length === 0) return null;
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        leftSection={<Icon size={16} />}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Log ({log.length})
      </Button>
      <Collapse expanded={open}>
        <Stack gap={4} mt="xs" role="list" aria-label="Log">
          {log.map((e, i) => (
            <Text key={i} size="sm" role="listitem">
              <Text span c="dimmed" size="xs" mr="xs">
                {dateTimeIn(e.d, timeZone)}
              </Text>
              {e.s}
              {e.location && (
                <Text span c="dimmed" size="xs" ml="xs">
                  ({e.location.latitude.toFixed(4)}, {e.location.longitude.toFixed(4)})
                </Text>
              )}
            </Text>
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}
