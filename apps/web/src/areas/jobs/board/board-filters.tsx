import type { ReactNode } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';

export interface Choice {
  id: string;
  label: string;
  /** A count shown beside the label (a type's active jobs). */
  count?: number;
}

interface ChoiceRowProps {
  /** The row's name, shown and read out ("Types", "Users", "Statuses"). */
  label: string;
  choices: Choice[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Shown when given: selects all, or none when all are selected. */
  onToggleAll?: () => void;
  extra?: ReactNode;
}

/** A labelled row of toggle buttons: the type buttons, the user and status filters. */
export function ChoiceRow(props: ChoiceRowProps) {
  const { label, choices, selected, onToggle, onToggleAll, extra } = props;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={label}>
      <Text size="sm" fw={600} w={70}>
        {label}
      </Text>
      {choices.map((c) => {
        const on = selected.has(c.id);
        return (
          <Button
            key={c.id}
            size="compact-sm"
            variant={on ? 'filled' : 'default'}
            aria-pressed={on}
            onClick={() => onToggle(c.id)}
            rightSection={
              c.count === undefined ? undefined : (
                <Badge
                  size="sm"
                  circle={c.count < 10}
                  color={on ? 'white' : 'gray'}
                  c={on ? 'blue' : undefined}
                  data-testid="type-count"
                >
                  {c.count}
                </Badge>
              )
            }
          >
            {c.label}
          </Button>
        );
      })}
      {onToggleAll && (
        <Button size="compact-sm" variant="subtle" onClick={onToggleAll}>
          Toggle all
        </Button>
      )}
      {extra}
    </Group>
  );
}
