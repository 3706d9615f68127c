import { useState } from 'react';
import { Badge, Box, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { componentFlags, type TComponent, type TStatus } from '@fieldbook/core';
import { LIVE_PREVIEW_TYPES, PreviewField } from './form-preview-field';
import { COMPONENT_TYPE_LABEL } from './status-look';

interface Props {
  components: TComponent[];
  status: TStatus | null;
  statuses: TStatus[];
  groups: { _id: string; name: string }[];
  templateName: (id: string | null | undefined) => string | null;
}

/** What a field of this kind looks like, in words and a sketch (the form is read only here). */
function Sketch({ c, flags }: { c: TComponent; flags: ReturnType<typeof componentFlags> }) {
  if (LIVE_PREVIEW_TYPES.has(c.type)) return <PreviewField c={c} flags={flags} />;
  switch (c.type) {
    case 'wording':
      return <Text size="sm">{c.wording || '(no wording yet)'}</Text>;
    case 'select':
      return (
        <Text size="sm" c="dimmed">
          {c.options.length ? c.options.join(' / ') : 'No choices yet'}
        </Text>
      );
    case 'itemsSelect':
    case 'invoice': {
      const cols = ['Description', 'Qty'];
      if (!flags.hideItemCode) cols.unshift('Code');
      if (!flags.hideItemPrice) cols.push('Price');
      if (!flags.hideItemTax) cols.push('Tax');
      if (!flags.hideAccount) cols.push('Account');
      return (
        <Text size="sm" c="dimmed">
          Lines: {cols.join(' | ')}
          {flags.hideSaveItem ? '' : ' (may save to the price list)'}
        </Text>
      );
    }
    case 'images':
      return (
        <Text size="sm" c="dimmed">
          {flags.allowMultiImages ? 'Photos (up to 69)' : 'One photo'}
        </Text>
      );
    case 'document':
      return null;
    default:
      return <Box className="form-preview-box" />;
  }
}

/**
 * The job form as a job in the selected status shows it to everyone or to
 * one group: the fields it shows, which are view only, and which a next
 * status needs filled.
 */
export function FormPreview({ components, status, statuses, groups, templateName }: Props) {
  const [groupId, setGroupId] = useState<string | null>(null);
  const scope = groupId && groups.some((g) => g._id === groupId) ? groupId : null;
  const next = status ? statuses.filter((s) => status.draw.linksTo.includes(s.draw.id)) : [];
  const shown = components
    .map((c) => ({ c, flags: componentFlags(c, status?.id ?? null, scope) }))
    .filter((x) => !x.flags.hide);

  return (
    <Stack gap="xs" data-testid="form-preview">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={600}>
          In {status ? `'${status.name}'` : 'no status'}
        </Text>
        {groups.length > 0 && (
          <Select
            label="Seen by"
            size="xs"
            w={180}
            data={[
              { value: '', label: 'Everyone' },
              ...groups.map((g) => ({ value: g._id, label: g.name })),
            ]}
            value={scope ?? ''}
            allowDeselect={false}
            onChange={(v) => setGroupId(v || null)}
          />
        )}
      </Group>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No fields show in this status.
        </Text>
      )}
      {shown.map(({ c, flags }) => {
        const neededBy = next.filter((s) => s.requiredComponents.includes(c.prop));
        return (
          <Paper key={c.prop} withBorder p="xs">
            <Group gap={6} mb={4}>
              <Text size="sm" fw={600}>
                {c.label}
              </Text>
              <Text size="xs" c="dimmed">
                {COMPONENT_TYPE_LABEL[c.type]}
                {c.type === 'document' && `: ${templateName(c.templateId) ?? 'no template'}`}
              </Text>
              {flags.viewOnly && (
                <Badge size="xs" color="gray" variant="outline">
                  View only
                </Badge>
              )}
              {neededBy.map((s) => (
                <Badge key={s.id} size="xs" color="orange" variant="light">
                  Needed for {s.name}
                </Badge>
              ))}
            </Group>
            <Sketch c={c} flags={flags} />
          </Paper>
        );
      })}
    </Stack>
  );
}
