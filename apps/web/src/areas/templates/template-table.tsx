import { Anchor, Badge, Button, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconCopy, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TCompany } from '@fieldbook/core';
import type { DefaultKey } from '../../api/use-templates';
import { KIND_SCREEN, type TemplateDoc, type TemplateKind } from '../../api/template-shapes';
import { TYPE_LABELS, isDefaultFor } from './template-form';

interface Props {
  kind: TemplateKind;
  templates: TemplateDoc[];
  company: TCompany | null;
  /** Set when the user may change the company's defaults. */
  onUseAsDefault?: (key: DefaultKey, t: TemplateDoc) => void;
  /** The row whose default is being saved. */
  busyId: string | null;
  /** Set when the user may copy a shared template into the company. */
  onCopy?: (t: TemplateDoc) => void;
  copyingId?: string | null;
}

/** The defaults a row of this kind can be: invoices and quotes, or statements. */
const DEFAULTS: Partial<Record<TemplateKind, { key: DefaultKey; label: string; badge: string }[]>> =
  {
    invoice: [
      { key: 'invoiceTemplateId', label: 'For invoices', badge: 'Default' },
      { key: 'quoteTemplateId', label: 'For quotes', badge: 'Default for quotes' },
    ],
    statement: [{ key: 'statementTemplateId', label: 'For statements', badge: 'Default' }],
  };

function DefaultAction({
  t,
  busy,
  options,
  onUse,
}: {
  t: TemplateDoc;
  busy: boolean;
  options: { key: DefaultKey; label: string; current: boolean }[];
  onUse: (key: DefaultKey, t: TemplateDoc) => void;
}) {
  const open = options.filter((o) => !o.current);
  if (open.length === 0) return null;
  if (options.length === 1)
    return (
      <Button size="xs" variant="light" loading={busy} onClick={() => onUse(open[0]!.key, t)}>
        Use as default
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          loading={busy}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`Use as default: ${t.name}`}
        >
          Use as default
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((o) => (
          <Menu.Item key={o.key} disabled={o.current} onClick={() => onUse(o.key, t)}>
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Templates with their company, type, sharing and default badges. */
export function TemplateTable(p: Props) {
  const { kind, templates, company, onUseAsDefault, busyId, onCopy, copyingId } = p;
  if (templates.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No templates to show.
      </Text>
    );
  const defaults = DEFAULTS[kind] ?? [];
  const withDefaults = defaults.length > 0 && !!onUseAsDefault;
  const withActions = withDefaults || !!onCopy;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Templates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Company</Table.Th>
            {kind === 'general' && <Table.Th>Type</Table.Th>}
            <Table.Th>
              <VisuallyHidden>Defaults</VisuallyHidden>
            </Table.Th>
            {withActions && (
              <Table.Th w={withDefaults && onCopy ? 320 : 160}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((t) => {
            const options = defaults.map((d) => ({
              ...d,
              current: isDefaultFor(company, d.key, t),
            }));
            return (
              <Table.Tr key={t._id} data-testid={`template-row-${t._id}`}>
                <Table.Td>
                  <Anchor component={Link} to={KIND_SCREEN[kind].editor(t._id)} fw={600}>
                    {t.name}
                  </Anchor>
                  {t.description && kind === 'general' && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {t.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t.companyName || (t.builtIn ? 'Fieldbook' : '—')}</Table.Td>
                {kind === 'general' && <Table.Td>{TYPE_LABELS[t.type]}</Table.Td>}
                <Table.Td>
                  <Group gap={6}>
                    {options
                      .filter((o) => o.current)
                      .map((o) => (
                        <Badge key={o.key} color="green" leftSection={<IconStar size={12} />}>
                          {o.badge}
                        </Badge>
                      ))}
                    {t.anyCompany && <Badge variant="light">All companies</Badge>}
                    {t.builtIn && (
                      <Badge variant="outline" color="gray">
                        Shipped
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {withActions && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {onCopy && t.anyCompany && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconCopy size={14} />}
                          loading={copyingId === t._id}
                          onClick={() => onCopy(t)}
                          aria-label={`Copy to my company: ${t.name}`}
                        >
                          Copy to my company
                        </Button>
                      )}
                      {withDefaults && (
                        <DefaultAction
                          t={t}
                          busy={busyId === t._id}
                          options={options}
                          onUse={onUseAsDefault}
                        />
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
