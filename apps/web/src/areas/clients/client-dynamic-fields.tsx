import { NumberInput, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { TClientField } from '@fieldbook/core';
import { emptyFieldValue, type FieldValue } from './client-form';

interface DynamicFieldsProps {
  fields: TClientField[];
  values: Record<string, FieldValue>;
  onChange: (key: string, value: FieldValue) => void;
  readOnly?: boolean;
  errors?: Record<string, string | undefined>;
}

const str = (v: FieldValue | undefined) => (v === null || v === undefined ? '' : String(v));

/** One input per field description of a client type (ZClientField), keyed by its description. */
export function DynamicFields({ fields, values, onChange, readOnly, errors }: DynamicFieldsProps) {
  if (fields.length === 0) return null;
  const variant = readOnly ? 'filled' : 'default';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map((f) => {
        const value = values[f.description] ?? emptyFieldValue(f);
        const common = {
          label: f.label || f.description,
          error: errors?.[f.description],
          readOnly,
          variant,
        };
        const set = (v: FieldValue) => onChange(f.description, v);
        switch (f.type) {
          case 'textArea':
            return (
              <Textarea
                key={f.description}
                {...common}
                autosize
                minRows={2}
                value={str(value)}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          case 'number':
            return (
              <NumberInput
                key={f.description}
                {...common}
                value={typeof value === 'number' ? value : str(value)}
                onChange={(v) => set(typeof v === 'number' ? v : v === '' ? null : Number(v))}
              />
            );
          case 'date':
            return (
              <DateInput
                key={f.description}
                {...common}
                valueFormat="YYYY-MM-DD"
                clearable={!readOnly}
                value={str(value) || null}
                onChange={(v) => set(v ?? '')}
              />
            );
          case 'switch':
            return (
              <Switch
                key={f.description}
                label={common.label}
                error={common.error}
                mt="lg"
                checked={value === true}
                // A switch has no read-only look: it is disabled while viewing.
                disabled={readOnly}
                onChange={(e) => set(e.currentTarget.checked)}
              />
            );
          case 'select':
            return (
              <Select
                key={f.description}
                {...common}
                data={f.options}
                clearable={!readOnly}
                value={str(value) || null}
                onChange={(v) => set(v ?? '')}
              />
            );
          default:
            return (
              <TextInput
                key={f.description}
                {...common}
                type={f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : 'text'}
                value={str(value)}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
