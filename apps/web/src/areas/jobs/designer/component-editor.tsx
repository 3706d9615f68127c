import {
  Accordion,
  ActionIcon,
  Button,
  Center,
  Group,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { COMPONENT_TYPES, type TComponent, type TStatus } from '@fieldbook/core';
import { ComponentPermissions } from './component-permissions';
import { COMPONENT_TYPE_LABEL } from './status-look';
import type { TemplateOption } from './status-automations';

// The client's signature is asked for more often: listed before the team member's.
const TYPE_ORDER = COMPONENT_TYPES.filter((t) => t !== 'userSigniture').flatMap((t) =>
  t === 'signiture' ? (['signiture', 'userSigniture'] as const) : [t],
);
const TYPE_OPTIONS = TYPE_ORDER.map((t) => ({ value: t, label: COMPONENT_TYPE_LABEL[t] }));

/**
 * The property a label suggests: its words in camelCase, made unique among
 * `taken` with a number; '' when the label has no letters to start with.
 */
export function propFromLabel(label: string, taken: readonly string[]): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('')
    .replace(/^[0-9]+/, '')
    .slice(0, 56);
  if (!camel) return '';
  let prop = camel;
  for (let n = 2; taken.includes(prop); n++) prop = `${camel}${n}`;
  return prop;
}

interface Props {
  components: TComponent[];
  statuses: TStatus[];
  groups: { _id: string; name: string }[];
  generalTemplates: TemplateOption[];
  /** Server refusals by field path (`components.1.prop`). */
  fields: Record<string, string> | null;
  onAdd: () => void;
  onChange: (index: number, patch: Partial<TComponent>) => void;
  onRemove: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
}

const PROP_RULE = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

/** The fields of the job form: add, remove, reorder, and each one's settings and permissions. */
export function ComponentEditor(props: Props) {
  const { components, fields } = props;
  const [open, setOpen] = useState<string | null>(null);
  // A field just added opens with its label focused, ready to be typed over.
  const [added, setAdded] = useState<number | null>(null);
  const labelInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (added === null) return;
    // The panel is still opening (hidden) on the first frames: try until it takes the focus.
    let tries = 0;
    let frame = 0;
    const focus = () => {
      const input = labelInput.current;
      input?.focus();
      if (input && document.activeElement === input) input.select();
      else if (tries++ < 30) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [added]);
  const add = () => {
    setAdded(components.length);
    setOpen(String(components.length));
    props.onAdd();
  };
  /** A label change; the property follows it while it is the default or what the label suggested. */
  const changeLabel = (i: number, c: TComponent, label: string) => {
    const taken = components.filter((_, j) => j !== i).map((o) => o.prop);
    const follows = /^field[0-9]+$/.test(c.prop) || c.prop === propFromLabel(c.label, taken);
    const prop = follows ? propFromLabel(label, taken) : '';
    props.onChange(i, prop ? { label, prop } : { label });
  };
  const propError = (c: TComponent, i: number) => {
    if (!PROP_RULE.test(c.prop)) return 'Must start with a letter: letters, digits and _ only';
    if (components.some((o, j) => j !== i && o.prop === c.prop)) return 'Another field has it';
    return fields?.[`components.${i}.prop`] ?? null;
  };
  return (
    <Stack gap="sm" data-testid="component-editor">
      {components.length === 0 && (
        <Text size="sm" c="dimmed">
          No fields yet: the job form shows only its standard fields.
        </Text>
      )}
      <Accordion variant="separated" chevronPosition="left" value={open} onChange={setOpen}>
        {components.map((c, i) => (
          <Accordion.Item key={i} value={String(i)}>
            <Center>
              <Accordion.Control>
                <Text size="sm" fw={600} span>
                  {c.label || '(no label)'}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  {COMPONENT_TYPE_LABEL[c.type]}
                </Text>
              </Accordion.Control>
              <Group gap={2} wrap="nowrap" pr="xs">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${c.label} up`}
                  disabled={i === 0}
                  onClick={() => props.onMove(i, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${c.label} down`}
                  disabled={i === components.length - 1}
                  onClick={() => props.onMove(i, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${c.label}`}
                  onClick={() => props.onRemove(i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Center>
            <Accordion.Panel>
              <Stack gap="xs">
                <Group grow align="flex-start">
                  <TextInput
                    label="Label"
                    ref={i === added ? labelInput : undefined}
                    value={c.label}
                    maxLength={100}
                    error={fields?.[`components.${i}.label`]}
                    onChange={(e) => changeLabel(i, c, e.currentTarget.value)}
                  />
                  <TextInput
                    label="Property"
                    description="Where the value is kept"
                    value={c.prop}
                    maxLength={60}
                    error={propError(c, i)}
                    onChange={(e) => props.onChange(i, { prop: e.currentTarget.value.trim() })}
                  />
                </Group>
                <Select
                  label="Field type"
                  data={TYPE_OPTIONS}
                  value={c.type}
                  allowDeselect={false}
                  onChange={(v) => v && props.onChange(i, { type: v as TComponent['type'] })}
                />
                {c.type === 'document' && (
                  <Select
                    label="Document template"
                    data={props.generalTemplates}
                    value={c.templateId ?? null}
                    clearable
                    onChange={(v) => props.onChange(i, { templateId: v })}
                  />
                )}
                {c.type === 'select' && (
                  <TagsInput
                    label="Choices"
                    description="Press Enter after each"
                    value={c.options}
                    maxTags={50}
                    onChange={(v) => props.onChange(i, { options: v })}
                  />
                )}
                {c.type === 'wording' && (
                  <Textarea
                    label="Wording"
                    autosize
                    minRows={2}
                    maxRows={8}
                    maxLength={5000}
                    value={c.wording}
                    onChange={(e) => props.onChange(i, { wording: e.currentTarget.value })}
                  />
                )}
                <ComponentPermissions
                  component={c}
                  statuses={props.statuses}
                  groups={props.groups}
                  onChange={(permissions) => props.onChange(i, { permissions })}
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={add}
          disabled={components.length >= 60}
        >
          Add field
        </Button>
      </Group>
    </Stack>
  );
}
