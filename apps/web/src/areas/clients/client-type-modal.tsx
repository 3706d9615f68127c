import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CLIENT_FIELD_TYPES, type TClientField, type TClientType } from '@fieldbook/core';
import { useSaveClientType } from '../../api/use-clients';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import { useEditorForm } from '../../ui/use-editor-form';

const TYPE_LABELS: Record<TClientField['type'], string> = {
  text: 'Text',
  textArea: 'Text area',
  number: 'Number',
  date: 'Date',
  switch: 'Switch',
  select: 'Select',
  email: 'E-mail',
  phone: 'Phone',
};
const TYPE_OPTIONS = CLIENT_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

interface Values {
  name: string;
  descriptions: TClientField[];
}

const newField = (): TClientField => ({ description: '', label: '', type: 'text', options: [] });

/** New or Edit of a client type: its name and the fields its clients get. */
export function ClientTypeModal({
  type,
  onClose,
}: {
  type: TClientType | null;
  onClose: () => void;
}) {
  const save = useSaveClientType();
  const form = useForm<Values>({
    initialValues: {
      name: type?.name ?? '',
      descriptions: type ? type.descriptions.map((d) => ({ ...d, options: [...d.options] })) : [],
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required'),
      descriptions: {
        description: (v, values) => {
          if (!v.trim()) return 'Description is required';
          const same = values.descriptions.filter((d) => d.description.trim() === v.trim());
          return same.length > 1 ? 'Each field needs its own description' : null;
        },
        label: (v) => (v.trim() ? null : 'Label is required'),
        options: (v, values, path) => {
          const i = Number(path.split('.')[1]);
          return values.descriptions[i]?.type === 'select' && v.length === 0
            ? 'Add at least one option'
            : null;
        },
      },
    },
  });

  const { onSubmit: submit, error } = useEditorForm({
    form,
    save: (v) =>
      save.mutateAsync({
        ...(type ? { _id: type._id } : {}),
        name: v.name.trim(),
        descriptions: v.descriptions.map((d) => ({
          description: d.description.trim(),
          label: d.label.trim(),
          type: d.type,
          options: d.type === 'select' ? d.options : [],
        })),
      }),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Client type saved' });
      onClose();
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={type ? 'Edit client type' : 'New client type'}
      size="xl"
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <ErrorAlert error={error} />
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Text fw={600} size="sm">
            Fields
          </Text>
          {form.values.descriptions.length === 0 && (
            <Text size="sm" c="dimmed">
              No fields yet: clients of this type get only the standard fields.
            </Text>
          )}
          {form.values.descriptions.map((field, i) => (
            <Paper key={form.key(`descriptions.${i}`)} withBorder p="sm">
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
                  <TextInput
                    label="Description"
                    description="The field's key"
                    required
                    {...form.getInputProps(`descriptions.${i}.description`)}
                  />
                  <TextInput
                    label="Label"
                    description="Shown on the client"
                    required
                    {...form.getInputProps(`descriptions.${i}.label`)}
                  />
                  <Select
                    label="Type"
                    description="The kind of input"
                    data={TYPE_OPTIONS}
                    allowDeselect={false}
                    {...form.getInputProps(`descriptions.${i}.type`)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={48}
                  aria-label={`Remove field ${i + 1}`}
                  onClick={() => form.removeListItem('descriptions', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {field.type === 'select' && (
                <TagsInput
                  mt="sm"
                  label="Options"
                  description="Type an option and press Enter"
                  {...form.getInputProps(`descriptions.${i}.options`)}
                />
              )}
            </Paper>
          ))}
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('descriptions', newField())}
            >
              Add field
            </Button>
            <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
