import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TIME_ZONE, instantOfWallTime } from '@fieldbook/core';
import { ApiError, errorMessage } from '../../api/api-client';
import { useGiveTask } from '../../api/use-tasks';
import { useCurrentCompany } from '../../app/company-context';
import { useCurrentUser } from '../../app/use-session';
import { useEditorForm } from '../../ui/use-editor-form';
import { usePhone } from '../../ui/use-phone';

interface CouponValues {
  name: string;
  userId: string | null;
  /** When it opens, as the picker's wall time; null: now. */
  when: string | null;
}

const BLANK: CouponValues = { name: '', userId: null, when: null };

/** 'Give a coupon': a name, a colleague and when it opens (blank: now), in the company's zone. */
export function GiveCouponModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { company } = useCurrentCompany();
  const me = useCurrentUser();
  const give = useGiveTask();
  const phone = usePhone();
  const form = useForm<CouponValues>({
    initialValues: BLANK,
    // A complaint stays until Give is pressed again.
    clearInputErrorOnChange: false,
    validate: {
      name: (v) => (v.trim() ? null : 'is required'),
      userId: (v) => (v ? null : 'is required'),
    },
  });
  const colleagues = (company?.users ?? [])
    .filter((u) => !u.disabled && u.userId !== me._id)
    .map((u) => ({
      value: u.userId,
      label: `${u.name} ${u.surname}`.trim() || (u.emailAddress ?? ''),
    }));

  const close = () => {
    form.reset();
    onClose();
  };
  const { submit } = useEditorForm({
    form,
    save: ({ name, userId, when }) => {
      const zone = company?.timeZone ?? DEFAULT_TIME_ZONE;
      const displayTime = when
        ? instantOfWallTime(when.slice(0, 16).replace(' ', 'T'), zone)
        : null;
      return give.mutateAsync({
        name: name.trim(),
        userId: userId!,
        ...(displayTime && { displayTime }),
      });
    },
    onSaved: () => {
      notifications.show({ color: 'green', message: 'The coupon was given.' });
      close();
      return BLANK;
    },
    // Refused fields show under the fields; any other refusal in a red notification.
    onFailed: (e) => {
      if (!(e instanceof ApiError && e.fields))
        notifications.show({ color: 'red', message: errorMessage(e) });
    },
  });

  return (
    <Modal opened={opened} onClose={close} title="Give a coupon">
      <Stack>
        <TextInput
          label="Name"
          placeholder="Lunch on us"
          maxLength={100}
          {...form.getInputProps('name')}
          data-autofocus
        />
        <Select
          label="Colleague"
          placeholder="Choose a colleague"
          data={colleagues}
          searchable
          {...form.getInputProps('userId')}
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
          {...form.getInputProps('when')}
          error={form.errors.displayTime}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={give.isPending}>
            Give
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
