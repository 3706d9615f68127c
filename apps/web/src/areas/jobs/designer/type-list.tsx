import { Button, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import type { DraftType } from './designer-state';
import { StatusIcon } from './status-look';

interface Props {
  types: DraftType[];
  selectedKey: string | null;
  /** Keys of the types whose workflow the graph check finds fault with. */
  broken: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onAdd: () => void;
}

/** The company's appointment types; a type not saved, or refused, says so in red. */
export function TypeList({ types, selectedKey, broken, onSelect, onAdd }: Props) {
  return (
    <Paper withBorder p="xs">
      <Stack gap={4}>
        <nav aria-label="Appointment types">
          {types.map((t) => (
            <NavLink
              key={t.key}
              component="button"
              type="button"
              active={t.key === selectedKey}
              aria-current={t.key === selectedKey ? 'true' : undefined}
              onClick={() => onSelect(t.key)}
              leftSection={<StatusIcon name={t.icon} />}
              rightSection={
                t.error || broken.has(t.key) ? (
                  <IconAlertTriangle size={16} color="var(--mantine-color-error)" aria-hidden />
                ) : null
              }
              label={
                <Text size="sm" fw={600} span>
                  {t.name || '(no name)'}
                  {t.dirty ? ' *' : ''}
                </Text>
              }
              description={
                t.error ? (
                  <Text size="xs" c="red" span>
                    {t.error}
                  </Text>
                ) : (
                  t.description
                )
              }
            />
          ))}
        </nav>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add type
        </Button>
      </Stack>
    </Paper>
  );
}
