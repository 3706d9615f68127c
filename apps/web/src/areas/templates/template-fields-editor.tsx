import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FIELD_TYPES, type TemplateForm } from './template-form';

interface Props {
  form: TemplateForm;
  editing: boolean;
  disabled: boolean;
}

/** A field name not used yet: field1, field2, … */
function freeName(taken: string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`field${n}`)) return `field${n}`;
}

/**
 * The extra fields an invoice using this template asks for (text, text area or
 * date); their values are kept on the invoice as `custom[name]`.
 */
export function TemplateFieldsEditor({ form, editing, disabled }: Props) {
  const fields = form.values.fields;
  const look = { readOnly: !editing, disabled, variant: editing ? 'default' : 'filled' } as const;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          Extra fields
        </Text>
        <Text size="xs" c="dimmed">
          Shown in the invoice editor; use them in the HTML as {'{{invoice.custom.name}}'}.
        </Text>
      </div>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No extra fields.
        </Text>
      )}
      {fields.map((f, i) => (
        <Group
          key={i}
          gap="xs"
          align="flex-start"
          wrap="nowrap"
          aria-label={`Extra field ${i + 1}`}
        >
          <TextInput
            aria-label="Field name"
            placeholder="Name"
            style={{ flex: 1 }}
            {...look}
            {...form.getInputProps(`fields.${i}.name`)}
          />
          <TextInput
            aria-label="Field label"
            placeholder="Label"
            style={{ flex: 1.4 }}
            {...look}
            {...form.getInputProps(`fields.${i}.label`)}
          />
          <Select
            aria-label="Field type"
            data={FIELD_TYPES}
            allowDeselect={false}
            w={130}
            {...look}
            {...form.getInputProps(`fields.${i}.type`)}
          />
          {editing && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove field ${f.label || f.name}`}
              onClick={() => form.removeListItem('fields', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {editing && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          disabled={fields.length >= 30}
          onClick={() =>
            form.insertListItem('fields', {
              name: freeName(fields.map((x) => x.name)),
              label: 'New',
              type: 'text',
            })
          }
        >
          Add field
        </Button>
      )}
    </Stack>
  );
}
