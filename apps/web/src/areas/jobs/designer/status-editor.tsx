import { Button, Group, MultiSelect, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TComponent, TStatus } from '@fieldbook/core';
import { COLOR_OPTIONS, ICON_OPTIONS } from './status-look';
import { StatusAutomations, type TemplateOption } from './status-automations';
import { StatusPermissions } from './status-permissions';

interface Props {
  status: TStatus;
  statuses: TStatus[];
  components: TComponent[];
  groups: { _id: string; name: string }[];
  invoiceTemplates: TemplateOption[];
  generalTemplates: TemplateOption[];
  onChange: (patch: Partial<TStatus>) => void;
  onLinks: (targets: string[]) => void;
  onRemove: () => void;
}

/** The selected status: its look, where it leads, what it needs, does and hides. */
export function StatusEditor(props: Props) {
  const { status: s, statuses, components, onChange } = props;
  const others = statuses.filter((o) => o.id !== s.id);
  return (
    <Stack gap="sm" data-testid="status-editor">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          Status: {s.name || '(no name)'}
        </Title>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={props.onRemove}
          disabled={statuses.length <= 1}
        >
          Delete status
        </Button>
      </Group>
      <TextInput
        label="Status name"
        value={s.name}
        maxLength={60}
        onChange={(e) => onChange({ name: e.currentTarget.value.replace(/[\r\n\t]/g, ' ') })}
      />
      <Group grow align="flex-start">
        <Select
          label="Status icon"
          data={ICON_OPTIONS}
          value={s.icon || null}
          clearable
          placeholder="None"
          onChange={(v) => onChange({ icon: v ?? undefined })}
        />
        <Select
          label="Status colour"
          data={COLOR_OPTIONS}
          value={s.color}
          allowDeselect={false}
          onChange={(v) => v && onChange({ color: v as TStatus['color'] })}
        />
      </Group>
      <Switch
        label="Hide from the board"
        checked={s.hide}
        onChange={(e) => onChange({ hide: e.currentTarget.checked })}
      />
      <MultiSelect
        label="Next statuses"
        description="Where a job may go from here (the links on the diagram). None: the status is final."
        data={others.map((o) => ({ value: o.draw.id, label: o.name || '(no name)' }))}
        value={s.draw.linksTo.filter((t) => others.some((o) => o.draw.id === t))}
        onChange={props.onLinks}
        placeholder={s.draw.linksTo.length ? undefined : 'Final status'}
      />
      <MultiSelect
        label="Required fields"
        description="Fields that must be filled before a job may enter this status."
        data={components.map((c) => ({ value: c.prop, label: c.label || c.prop }))}
        value={s.requiredComponents.filter((p) => components.some((c) => c.prop === p))}
        onChange={(v) => onChange({ requiredComponents: v })}
        placeholder={components.length ? 'None' : 'Add fields below first'}
        searchable
      />
      <StatusAutomations
        status={s}
        invoiceTemplates={props.invoiceTemplates}
        generalTemplates={props.generalTemplates}
        onChange={onChange}
      />
      <StatusPermissions status={s} groups={props.groups} onChange={onChange} />
    </Stack>
  );
}
