import { useState } from 'react';
import { Divider, Group, Stack } from '@mantine/core';
import type { TStatus, TStatusFlags } from '@fieldbook/core';
import { FlagCheckbox, ScopeSelect } from './flag-checkbox';

const FLAGS: [keyof TStatusFlags, string][] = [
  ['hideDeleteItem', 'Hide deleting lines'],
  ['viewOnlySchedule', 'Schedule view only'],
  ['hideAssignee', 'Hide the assignee'],
];

interface Props {
  status: TStatus;
  groups: { _id: string; name: string }[];
  onChange: (patch: Partial<TStatus>) => void;
}

/** What a job in this status hides or locks, for everyone or for one user group. */
export function StatusPermissions({ status, groups, onChange }: Props) {
  const [groupId, setGroupId] = useState<string | null>(null);
  const scope = groupId && groups.some((g) => g._id === groupId) ? groupId : null;
  const p = status.permissions;

  const set = (flag: keyof TStatusFlags, v: boolean | undefined) => {
    if (!scope) return onChange({ permissions: { ...p, [flag]: v } });
    const own = { ...p.groups?.[scope], [flag]: v };
    if (v === undefined) delete own[flag];
    onChange({ permissions: { ...p, groups: { ...p.groups, [scope]: own } } });
  };

  return (
    <Stack gap="xs">
      <Divider label="Permissions" labelPosition="left" />
      <ScopeSelect label="Permissions for" groups={groups} value={scope} onChange={setGroupId} />
      <Group gap="md">
        {FLAGS.map(([flag, label]) => (
          <FlagCheckbox
            key={flag}
            label={label}
            forGroup={!!scope}
            inherited={!!p[flag]}
            value={scope ? p.groups?.[scope]?.[flag] : p[flag]}
            onChange={(v) => set(flag, v)}
          />
        ))}
      </Group>
    </Stack>
  );
}
