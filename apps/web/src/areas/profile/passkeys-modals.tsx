import { useState } from 'react';
import { Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TPasskey } from '@fieldbook/core';
import { usePasskeyActions } from '../../api/use-passkeys';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';

/** The second factors the account has: a change to its passkeys asks for one of them too. */
export interface Factors {
  totp: boolean;
  passkeys: boolean;
}

/**
 * What the second factor asks (docs/auth.md): a code field when TOTP is on
 * (empty: a passkey, when there is one), else a word that the browser will
 * ask for a passkey first; nothing for an account without a second factor.
 */
function SecondFactorField({
  factors,
  code,
  setCode,
}: {
  factors: Factors;
  code: string;
  setCode: (code: string) => void;
}) {
  if (factors.totp)
    return (
      <TextInput
        label="Authentication code"
        description={
          factors.passkeys
            ? 'From your authenticator app, or a backup code. Leave it empty to confirm with a passkey instead.'
            : 'From your authenticator app, or a backup code'
        }
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
    );
  if (factors.passkeys)
    return (
      <Text size="sm" c="dimmed">
        Your browser will first ask for one of your passkeys, to confirm it is you.
      </Text>
    );
  return null;
}

const guessName = () => {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone|iPad/.test(ua)) return 'iPhone';
  if (/Android/.test(ua)) return 'Android phone';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows computer';
  return 'My passkey';
};

/**
 * Add a passkey: its name and the password (and the second factor when the
 * account has one), then the browser asks for the passkey.
 */
export function AddPasskeyModal({ onClose, factors }: { onClose: () => void; factors: Factors }) {
  const { add } = usePasskeyActions();
  const [v, setV] = useState({ name: guessName(), password: '', code: '' });
  const set = (p: Partial<typeof v>) => setV((o) => ({ ...o, ...p }));
  return (
    <Modal opened onClose={onClose} title="Add a passkey" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(
            { ...v, passkeys: factors.passkeys },
            {
              onSuccess: (p) => {
                notifications.show({ color: 'green', message: `Passkey “${p.name}” added` });
                onClose();
              },
            },
          );
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
          <SecondFactorField factors={factors} code={v.code} setCode={(code) => set({ code })} />
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

/** Remove a passkey, with the password and the second factor (a passkey is one). */
export function RemovePasskeyModal({
  passkey,
  onClose,
  factors,
}: {
  passkey: TPasskey;
  onClose: () => void;
  factors: Factors;
}) {
  const { remove } = usePasskeyActions();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <Modal opened onClose={onClose} title="Remove passkey" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          remove.mutate(
            { id: passkey._id, password, code, passkeys: factors.passkeys },
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
          <SecondFactorField factors={factors} code={code} setCode={setCode} />
          <ErrorAlert error={remove.error} title="Not removed" />
          <ModalActions onCancel={onClose} saving={remove.isPending} saveLabel="Remove" gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
