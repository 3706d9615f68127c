import { useState } from 'react';
import { Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TPasskey } from '@fieldbook/core';
import { usePasskeyActions } from '../../api/use-passkeys';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';

const guessName = () => {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone|iPad/.test(ua)) return 'iPhone';
  if (/Android/.test(ua)) return 'Android phone';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows computer';
  return 'My passkey';
};

/** Add a passkey: its name and the password, then the browser asks for the passkey. */
export function AddPasskeyModal({ onClose }: { onClose: () => void }) {
  const { add } = usePasskeyActions();
  const [v, setV] = useState({ name: guessName(), password: '' });
  const set = (p: Partial<typeof v>) => setV((o) => ({ ...o, ...p }));
  return (
    <Modal opened onClose={onClose} title="Add a passkey" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(v, {
            onSuccess: (p) => {
              notifications.show({ color: 'green', message: `Passkey “${p.name}” added` });
              onClose();
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Your browser or phone will ask you to make a passkey for Fieldbook, with your
            fingerprint, face, screen lock or security key.
          </Text>
          <TextInput
            label="Name"
            description="So that you can tell your passkeys apart"
            value={v.name}
            maxLength={64}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={v.password}
            onChange={(e) => set({ password: e.currentTarget.value })}
          />
          <ErrorAlert error={add.error} title="Not added" />
          <ModalActions onCancel={onClose} saving={add.isPending} saveLabel="Add" gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}

export function RenamePasskeyModal({
  passkey,
  onClose,
}: {
  passkey: TPasskey;
  onClose: () => void;
}) {
  const { rename } = usePasskeyActions();
  const [name, setName] = useState(passkey.name);
  return (
    <Modal opened onClose={onClose} title="Rename passkey" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate({ id: passkey._id, name }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <ErrorAlert error={rename.error} title="Not renamed" />
          <ModalActions onCancel={onClose} saving={rename.isPending} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}

/** Remove a passkey, with the password. */
export function RemovePasskeyModal({
  passkey,
  onClose,
}: {
  passkey: TPasskey;
  onClose: () => void;
}) {
  const { remove } = usePasskeyActions();
  const [password, setPassword] = useState('');
  return (
    <Modal opened onClose={onClose} title="Remove passkey" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          remove.mutate(
            { id: passkey._id, password },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'Passkey removed' });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            “{passkey.name}” will no longer sign you in. Remove it from the device too (its
            passwords or passkeys settings).
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <ErrorAlert error={remove.error} title="Not removed" />
          <ModalActions onCancel={onClose} saving={remove.isPending} saveLabel="Remove" gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
