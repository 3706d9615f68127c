import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TIME_ZONE, instantOfWallTime } from '@fieldbook/core';
import { ApiError, errorMessage } from '../../api/api-client';
import { useGiveTask } from '../../api/use-tasks';
import { useCurrentCompany } from '../../app/company-context';
import { useCurrentUser } from '../../app/use-session';
import { usePhone } from '../../ui/use-phone';

/** 'Give a coupon': a name, a colleague and when it opens (blank: now), in the company's zone. */
export function GiveCouponModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { company } = useCurrentCompany();
  const me = useCurrentUser();
  const give = useGiveTask();
  const phone = usePhone();
  const [name, setName] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [when, setWhen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const colleagues = (company?.users ?? [])
    .filter((u) => !u.disabled && u.userId !== me._id)
    .map((u) => ({ value: u.userId, label: `${u.name} ${u.surname}`.trim() || u.emailAddress }));

  const close = () => {
    setName('');
    setUserId(null);
    setWhen(null);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const local = {
      ...(!name.trim() && { name: 'is required' }),
      ...(!userId && { userId: 'is required' }),
    };
    setErrors(local);
    if (Object.keys(local).length) return;
    const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
    const displayTime = when ? instantOfWallTime(when.slice(0, 16).replace(' ', 'T'), zone) : null;
    give.mutate(
      { name: name.trim(), userId: userId!, ...(displayTime && { displayTime }) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'The coupon was given.' });
          close();
        },
        onError: (e) =>
          e instanceof ApiError && e.fields
            ? setErrors(e.fields)
            : notifications.show({ color: 'red', message: errorMessage(e) }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Give a coupon">
      <Stack>
        <TextInput
          label="Name"
          placeholder="Lunch on us"
          maxLength={100}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <Select
          label="Colleague"
          placeholder="Choose a colleague"
          data={colleagues}
          searchable
          value={userId}
          error={errors.userId}
          onChange={setUserId}
          nothingFoundMessage="No colleague found"
        />
        <DateTimePicker
          label="Opens at"
          placeholder="Now"
          valueFormat="YYYY/MM/DD HH:mm"
          clearable
          // On a phone the calendar opens as its own small modal, which fits the screen.
          dropdownType={phone ? 'modal' : 'popover'}
          modalProps={{ title: 'Opens at', size: 'auto' }}
          timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
          submitButtonProps={{ 'aria-label': 'Done' }}
          value={when}
          error={errors.displayTime}
          onChange={setWhen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={give.isPending}>
            Give
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
