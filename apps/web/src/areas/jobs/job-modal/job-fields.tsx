import { Group, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  PRIORITIES,
  SCHEDULED,
  UNSCHEDULED,
  type TAppointmentType,
  type TStatusFlags,
} from '@fieldbook/core';
import type { Member } from '../../../ui/dynamic-form/dynamic-form';
import { statusChoice, type JobValues } from './job-values';

export type JobForm = UseFormReturnType<JobValues>;

interface JobFieldsProps {
  form: JobForm;
  types: TAppointmentType[];
  /** Where the job may go from where it is saved (core allowedMoves). */
  allowed: string[];
  statusFlags: Required<TStatusFlags>;
  members: Member[];
  readOnly: boolean;
  /** A saved job keeps its type. */
  isNew: boolean;
}

/** A local datetime-local value's date part with another date. */
const withDate = (local: string, date: string) => `${date}${local.slice(10) || 'T00:00'}`;

/**
 * The job's own fields (spec: Appointment modal): type, status, start and
 * end, all day, client reminder, assignee, priority, fault and resolution.
 */
export function JobFields({
  form,
  types,
  allowed,
  statusFlags,
  members,
  readOnly,
  isNew,
}: JobFieldsProps) {
  const v = form.values;
  const scheduleLocked = readOnly || statusFlags.viewOnlySchedule;
  // The type's statuses the job may move to first; 'Please select' (which
  // stands for Unscheduled, spec §4) and Scheduled last.
  const statusData = [
    ...allowed
      .filter((s) => s !== UNSCHEDULED && s !== SCHEDULED)
      .map((s) => ({ value: s, label: s })),
    { value: '', label: 'Please select' },
    { value: SCHEDULED, label: SCHEDULED },
  ];
  const chooseStatus = (s: string | null) => {
    if (!s) form.setValues({ status: null, hasSchedule: false });
    else if (s === SCHEDULED) form.setValues({ status: null, hasSchedule: true });
    else form.setValues({ status: s, hasSchedule: true });
  };
  const chooseType = (id: string | null) => {
    const t = types.find((x) => x._id === id);
    if (!t) return;
    // A new type's status field is its own first status; an unscheduled job stays
    // unscheduled (spec §4); values of the old type's components go.
    form.setValues({
      appointmentTypeId: t._id,
      status: t.statuses[0]?.name ?? null,
      hasSchedule: v.hasSchedule,
      values: {},
    });
  };
  const dateInput = (field: 'startDate' | 'endDate', label: string) =>
    v.isAllDayEvent ? (
      <TextInput
        type="date"
        label={label}
        readOnly={scheduleLocked}
        value={v[field].slice(0, 10)}
        error={form.errors[field]}
        onChange={(e) => form.setFieldValue(field, withDate(v[field], e.currentTarget.value))}
      />
    ) : (
      <TextInput
        type="datetime-local"
        label={label}
        readOnly={scheduleLocked}
        value={v[field]}
        error={form.errors[field]}
        onChange={(e) => form.setFieldValue(field, e.currentTarget.value)}
      />
    );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <Select
          label="Type"
          data={types.map((t) => ({ value: t._id, label: t.name }))}
          value={v.appointmentTypeId || null}
          readOnly={readOnly || !isNew}
          allowDeselect={false}
          error={form.errors.appointmentTypeId}
          onChange={chooseType}
        />
        <Select
          label="Status"
          data={statusData}
          value={statusChoice(v)}
          readOnly={readOnly}
          allowDeselect={false}
          error={form.errors.status}
          onChange={chooseStatus}
        />
        {dateInput('startDate', 'Start')}
        {dateInput('endDate', 'End')}
      </SimpleGrid>
      <Group gap="xl">
        <Switch
          label="All day"
          disabled={scheduleLocked}
          {...form.getInputProps('isAllDayEvent', { type: 'checkbox' })}
        />
        <Switch
          label="Client reminder"
          disabled={readOnly}
          {...form.getInputProps('sendClientReminder', { type: 'checkbox' })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {!statusFlags.hideAssignee && (
          <Select
            label="Assignee"
            placeholder="Nobody"
            clearable={!readOnly}
            searchable
            data={withCurrent(
              members.map((m) => ({ value: m.userId, label: m.name })),
              v.userId,
            )}
            value={v.userId || null}
            readOnly={readOnly}
            error={form.errors.userId}
            onChange={(id) => form.setFieldValue('userId', id ?? '')}
          />
        )}
        <Select
          label="Priority"
          placeholder="None"
          clearable={!readOnly}
          data={[...PRIORITIES]}
          value={v.priority || null}
          readOnly={readOnly}
          error={form.errors.priority}
          onChange={(p) => form.setFieldValue('priority', p ?? '')}
        />
      </SimpleGrid>
      <Textarea
        label="Fault description"
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps('faultDescription')}
      />
      <Textarea
        label="Resolution"
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps('resolution')}
      />
    </Stack>
  );
}

/** The assignee stays listed when they are no longer an active member. */
function withCurrent(data: { value: string; label: string }[], id: string) {
  return !id || data.some((d) => d.value === id)
    ? data
    : [...data, { value: id, label: 'Former member' }];
}
