import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import type { TComponent, TComponentFlags, TStatus } from '@fieldbook/core';
import { FlagCheckbox, ScopeSelect } from './flag-checkbox';

type Flag = keyof TComponentFlags;

const FLAG_LABEL: Record<Flag, string> = {
  viewOnly: 'View only',
  hide: 'Hide',
  hideItemCode: 'Hide code',
  hideItemPrice: 'Hide price',
  hideItemTax: 'Hide tax',
  hideAccount: 'Hide account',
  hideSaveItem: 'Hide save item',
  allowMultiImages: 'Many images',
};

/**
 * The flags that mean something for a component of this type: every one for
 * lines (items and invoice); many images for images; view only and hide for
 * all.
 */
export function flagsFor(type: TComponent['type']): Flag[] {
  if (type === 'itemsSelect' || type === 'invoice')
    return [
      'viewOnly',
      'hide',
      'hideItemCode',
      'hideItemPrice',
      'hideItemTax',
      'hideAccount',
      'hideSaveItem',
    ];
  if (type === 'images') return ['viewOnly', 'hide', 'allowMultiImages'];
  return ['viewOnly', 'hide'];
}

interface Props {
  component: TComponent;
  statuses: TStatus[];
  groups: { _id: string; name: string }[];
  onChange: (permissions: TComponent['permissions']) => void;
}

/** A grid of the component's flags: a row per status, for everyone or for one group. */
export function ComponentPermissions({ component: c, statuses, groups, onChange }: Props) {
  const [groupId, setGroupId] = useState<string | null>(null);
  const scope = groupId && groups.some((g) => g._id === groupId) ? groupId : null;
  const flags = flagsFor(c.type);

  const set = (statusId: string, flag: Flag, v: boolean | undefined) => {
    const per = { ...c.permissions[statusId] };
    if (scope) {
      const own = { ...per.groups?.[scope], [flag]: v };
      if (v === undefined) delete own[flag];
      per.groups = { ...per.groups, [scope]: own };
    } else per[flag] = v;
    onChange({ ...c.permissions, [statusId]: per });
  };

  return (
    <Stack gap="xs">
      <ScopeSelect
        label={`Permissions of '${c.label}' for`}
        groups={groups}
        value={scope}
        onChange={setGroupId}
      />
      <Table.ScrollContainer minWidth={flags.length * 80 + 140}>
        <Table withTableBorder striped verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              {flags.map((f) => (
                <Table.Th key={f} ta="center">
                  <Text size="xs" fw={600}>
                    {FLAG_LABEL[f]}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statuses.map((s) => {
              const per = c.permissions[s.id];
              return (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text size="sm">{s.name}</Text>
                  </Table.Td>
                  {flags.map((f) => (
                    <Table.Td key={f}>
                      <Stack align="center">
                        <FlagCheckbox
                          hideLabel
                          label={`${FLAG_LABEL[f]} in ${s.name}`}
                          forGroup={!!scope}
                          inherited={!!per?.[f]}
                          value={scope ? per?.groups?.[scope]?.[f] : per?.[f]}
                          onChange={(v) => set(s.id, f, v)}
                        />
                      </Stack>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
