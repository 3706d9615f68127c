import { useState } from 'react';
import { Button, NumberInput, Select, SimpleGrid, Switch, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconUser } from '@tabler/icons-react';
import { PRIORITIES, type TAppointmentType, type TCompany } from '@fieldbook/core';
import { ClientSelectModal, clientName } from '../invoices/client-select-modal';
import type { RuleValues } from './recurring-values';

interface Props {
  form: UseFormReturnType<RuleValues>;
  types: TAppointmentType[];
  company: TCompany;
}

/**
 * A recurring job ("calender"): appointment type, client, fault, assigned
 * user, priority, and its start time and duration on each date (or all day).
 */
export function JobDocFields({ form, types, company }: Props) {
  const [choosing, setChoosing] = useState(false);
  const v = form.values;
  const users = company.users
    .filter((u) => !u.disabled)
    .map((u) => ({
      value: u.userId,
      label: `${u.name} ${u.surname}`.trim() || (u.emailAddress ?? ''),
    }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Select
        label="Appointment type"
        withAsterisk
        data={types.map((t) => ({ value: t._id, label: t.name }))}
        {...form.getInputProps('appointmentTypeId')}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Client
        </Text>
        <Button
          variant={v.entityId ? 'light' : 'default'}
          color={form.errors.entityId ? 'red' : undefined}
          leftSection={<IconUser size={16} />}
          onClick={() => setChoosing(true)}
        >
          {v.entityId ? v.to || 'Client' : 'Select client'}
        </Button>
        {form.errors.entityId && (
          <Text size="xs" c="red" mt={4}>
            {form.errors.entityId}
          </Text>
        )}
      </div>
      <Textarea
        label="Fault description"
        autosize
        minRows={2}
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps('faultDescription')}
      />
      <Select
        label="Assigned user"
        clearable
        placeholder="Nobody"
        data={users}
        {...form.getInputProps('userId')}
      />
      <Select
        label="Priority"
        clearable
        placeholder="None"
        data={[...PRIORITIES]}
        {...form.getInputProps('priority')}
      />
      <Switch label="All day" mt="xs" {...form.getInputProps('allDay', { type: 'checkbox' })} />
      <div />
      {!v.allDay && (
        <>
          <TimeInput label="Start time" {...form.getInputProps('startTime')} />
          <NumberInput
            label="Duration (minutes)"
            min={5}
            max={1440}
            step={15}
            allowDecimal={false}
            {...form.getInputProps('durationMinutes')}
          />
        </>
      )}
      <ClientSelectModal
        opened={choosing}
        onClose={() => setChoosing(false)}
        onSelect={(c) => form.setValues({ entityId: c._id, to: clientName(c) })}
      />
    </SimpleGrid>
  );
}
