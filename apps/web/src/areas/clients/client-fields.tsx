import { Divider, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TClientType } from '@fieldbook/core';
import { useTemplates } from '../../api/use-templates';
import { DynamicFields } from './client-dynamic-fields';
import type { ClientValues } from './client-form';

interface Props {
  form: UseFormReturnType<ClientValues>;
  types: TClientType[];
  /** The chosen client type, whose fields are shown below the fixed ones. */
  type: TClientType | null;
  readOnly: boolean;
}

/** The client's own fields, its type, and the fields that type defines. */
export function ClientFields({ form, types, type, readOnly }: Props) {
  // Filled inputs read as values, not as boxes to type in.
  const look = { readOnly, variant: readOnly ? 'filled' : 'default' } as const;
  const statementTemplates = useTemplates('statement').data ?? [];
  const fieldErrors: Record<string, string | undefined> = {};
  for (const [key, message] of Object.entries(form.errors))
    if (key.startsWith('fields.')) fieldErrors[key.slice(7)] = String(message);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required={!readOnly} {...look} {...form.getInputProps('name')} />
        <TextInput label="Surname" {...look} {...form.getInputProps('surname')} />
        <TextInput label="Email" type="email" {...look} {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" {...look} {...form.getInputProps('phone')} />
        <TextInput
          label="Contact number"
          type="tel"
          {...look}
          {...form.getInputProps('contactNumber')}
        />
        <Select
          label="Client type"
          placeholder={readOnly ? 'None' : 'Choose a type'}
          data={types.map((t) => ({ value: t._id, label: t.name }))}
          clearable={!readOnly}
          {...look}
          {...form.getInputProps('entityTemplateId')}
        />
        <Select
          label="Statement template"
          placeholder="Company default"
          data={statementTemplates.map((t) => ({ value: t._id, label: t.name }))}
          clearable={!readOnly}
          {...look}
          {...form.getInputProps('statementTemplateId')}
        />
      </SimpleGrid>
      <Textarea label="Address" autosize minRows={2} {...look} {...form.getInputProps('address')} />
      <Switch
        label="Auto-send statement"
        description="E-mail statements to this client automatically"
        disabled={readOnly}
        {...form.getInputProps('autoSendStatement', { type: 'checkbox' })}
      />
      {type && type.descriptions.length > 0 && (
        <>
          <Divider label={`${type.name} details`} labelPosition="left" />
          <DynamicFields
            fields={type.descriptions}
            values={form.values.fields}
            readOnly={readOnly}
            errors={fieldErrors}
            onChange={(key, value) =>
              form.setFieldValue('fields', { ...form.getValues().fields, [key]: value })
            }
          />
        </>
      )}
    </Stack>
  );
}
