import { Checkbox, Select } from '@mantine/core';

/** Whose permissions are being edited: everyone (`null`) or one user group. */
export function ScopeSelect({
  groups,
  value,
  onChange,
  label,
}: {
  groups: { _id: string; name: string }[];
  value: string | null;
  onChange: (groupId: string | null) => void;
  label: string;
}) {
  // Without groups, every flag is for everyone.
  if (groups.length === 0) return null;
  return (
    <Select
      label={label}
      data={[
        { value: '', label: 'Everyone' },
        ...groups.map((g) => ({ value: g._id, label: `Group: ${g.name}` })),
      ]}
      value={value ?? ''}
      allowDeselect={false}
      onChange={(v) => onChange(v ? v : null)}
      description="A group's own setting wins; a dash means as for everyone."
    />
  );
}

/** Next of the three group states: as everyone (undefined), yes, no. */
const cycle = (v: boolean | undefined) => (v === undefined ? true : v ? false : undefined);

/**
 * One flag. For everyone it is on or off; for a group it may also follow
 * everyone's setting (shown as a dash), and a click goes on, off, as everyone.
 */
export function FlagCheckbox({
  value,
  inherited,
  forGroup,
  onChange,
  label,
  hideLabel = false,
}: {
  value: boolean | undefined;
  /** Everyone's setting, which a group without its own follows. */
  inherited: boolean;
  forGroup: boolean;
  onChange: (v: boolean | undefined) => void;
  label: string;
  hideLabel?: boolean;
}) {
  const following = forGroup && value === undefined;
  return (
    <Checkbox
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label + (following ? ' (as everyone)' : '') : undefined}
      checked={following ? inherited : !!value}
      indeterminate={following}
      onChange={(e) => onChange(forGroup ? cycle(value) : e.currentTarget.checked)}
    />
  );
}
