import { useEffect, useRef } from 'react';
import { Alert, Grid, List, Select, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { fieldLabel, type DraftType } from './designer-state';
import { COLOR_OPTIONS, ICON_OPTIONS } from './status-look';

interface Props {
  type: DraftType;
  /** A type just added: its name field takes the focus. */
  focusName?: boolean;
  onChange: (patch: Partial<DraftType>) => void;
}

/** A type's name, description, icon and colour, and the server's refusal of its last save. */
export function TypeSettings({ type: t, focusName = false, onChange }: Props) {
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusName) return;
    nameInput.current?.focus();
    nameInput.current?.select();
  }, [focusName, t.key]);
  const fields = Object.entries(t.fields ?? {});
  return (
    <>
      {t.error && (
        <Alert
          color="red"
          title={`'${t.name}' was not saved`}
          icon={<IconAlertTriangle size={18} />}
          mb="sm"
        >
          {t.error}
          {fields.length > 0 && (
            <List size="sm" mt={4}>
              {fields.map(([path, message]) => (
                <List.Item key={path}>
                  {fieldLabel(t, path)}: {message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Type name"
            ref={nameInput}
            required
            maxLength={60}
            value={t.name}
            error={t.fields?.name ?? (t.name.trim() ? null : 'Name is required')}
            onChange={(e) => onChange({ name: e.currentTarget.value.replace(/[\r\n\t]/g, ' ') })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Description"
            maxLength={500}
            value={t.description}
            error={t.fields?.description}
            onChange={(e) => onChange({ description: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6 }}>
          <Select
            label="Icon"
            data={ICON_OPTIONS}
            value={t.icon || null}
            clearable
            placeholder="None"
            onChange={(v) => onChange({ icon: v ?? '' })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6 }}>
          <Select
            label="Colour"
            data={COLOR_OPTIONS}
            value={t.color}
            allowDeselect={false}
            onChange={(v) => v && onChange({ color: v as DraftType['color'] })}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
