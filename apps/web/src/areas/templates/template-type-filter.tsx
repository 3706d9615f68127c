import { Chip, Group, Text } from '@mantine/core';
import { TEMPLATE_TYPES, type TTemplateType } from '@fieldbook/core';
import { TYPE_LABELS } from './template-form';

interface Props {
  value: TTemplateType[];
  onChange: (value: TTemplateType[]) => void;
}

/**
 * Which template types the list shows. It never drops to empty (spec): the last
 * ticked type cannot be unticked, and says so.
 */
export function TemplateTypeFilter({ value, onChange }: Props) {
  const last = value.length === 1 ? value[0] : null;
  return (
    <Group gap="xs" role="group" aria-label="Template types">
      <Text size="sm" c="dimmed" mr={4}>
        Show
      </Text>
      <Chip.Group
        multiple
        value={value}
        onChange={(next) => {
          if (next.length > 0) onChange(TEMPLATE_TYPES.filter((t) => next.includes(t)));
        }}
      >
        {TEMPLATE_TYPES.map((t) => (
          <Chip
            key={t}
            value={t}
            size="sm"
            variant="light"
            title={t === last ? 'At least one type stays selected' : undefined}
          >
            {TYPE_LABELS[t]}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
