import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Image,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTwoFactorActions } from '../../api/use-two-factor';
import { CopyField } from '../../ui/copy-field';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';

/** Ten backup codes, shown this once, with Copy all and Done. */
function BackupCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Keep these backup codes somewhere safe">
        Each signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <List
        aria-label="Backup codes"
        spacing={2}
        ff="monospace"
        styles={{ itemLabel: { fontFamily: 'monospace' } }}
      >
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy all'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** The password and a current code, as turning off and new codes ask. */
function ConfirmFields({
  v,
  set,
  codeLabel,
}: {
  v: { password: string; code: string };
  set: (p: Partial<{ password: string; code: string }>) => void;
  codeLabel: string;
}) {
  return (
    <>
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        value={v.password}
        onChange={(e) => set({ password: e.currentTarget.value })}
      />
      <TextInput
        label={codeLabel}
        autoComplete="one-time-code"
        spellCheck={false}
        value={v.code}
        onChange={(e) => set({ code: e.currentTarget.value })}
      />
    </>
  );
}

/**
 * Turn on two-factor sign-in: a new secret as a QR code (and as text to type),
 * then the password and the code the app shows; the backup codes after.
 */
export function TurnOnModal({ onClose }: { onClose: () => void }) {
  const { setup, enable } = useTwoFactorActions();
  const [v, setV] = useState({ password: '', code: '' });
  const set = (p: Partial<typeof v>) => setV((o) => ({ ...o, ...p }));
  const start = setup.mutate;
  useEffect(() => start(), [start]);
  return (
    <Modal opened onClose={onClose} title="Turn on two-factor sign-in" centered>
      {enable.data ? (
        <BackupCodesShown codes={enable.data.backupCodes} onDone={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            enable.mutate(v);
          }}
        >
          <Stack gap="sm">
            <ErrorAlert error={setup.error} title="Could not start" />
            <Text size="sm">
              Scan this code with an authenticator app (Google Authenticator, Microsoft
              Authenticator, 1Password, …), then type the code it shows.
            </Text>
            {setup.data && (
              <>
                <Image
                  src={setup.data.qr}
                  alt="QR code for your authenticator app"
                  w={180}
                  h={180}
                  mx="auto"
                />
                <CopyField
                  label="Or type this key"
                  value={setup.data.secret}
                  testId="totp-secret"
                />
              </>
            )}
            <ConfirmFields v={v} set={set} codeLabel="Code from the app" />
            <ErrorAlert error={enable.error} title="Not turned on" />
            <ModalActions
              onCancel={onClose}
              saving={enable.isPending}
              saveLabel="Turn on"
              gap="sm"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Turn off, or new backup codes: the password and a current code (or a backup code). */
export function ConfirmTwoFactorModal({
  what,
  onClose,
  onOff,
}: {
  what: 'off' | 'codes';
  onClose: () => void;
  /** Told once it is off (before the modal closes). */
  onOff?: () => void;
}) {
  const { disable, newCodes } = useTwoFactorActions();
  const action = what === 'off' ? disable : newCodes;
  const [v, setV] = useState({ password: '', code: '' });
  const set = (p: Partial<typeof v>) => setV((o) => ({ ...o, ...p }));
  const title = what === 'off' ? 'Turn off two-factor sign-in' : 'New backup codes';
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {newCodes.data ? (
        <BackupCodesShown codes={newCodes.data.backupCodes} onDone={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            action.mutate(v, {
              onSuccess: () => {
                if (what !== 'off') return;
                onOff?.();
                onClose();
              },
            });
          }}
        >
          <Stack gap="sm">
            {what === 'codes' && (
              <Text size="sm">Your old backup codes stop working when the new ones are made.</Text>
            )}
            <ConfirmFields v={v} set={set} codeLabel="Code from the app, or a backup code" />
            <ErrorAlert
              error={action.error}
              title={what === 'off' ? 'Not turned off' : 'Not made'}
            />
            <ModalActions
              onCancel={onClose}
              saving={action.isPending}
              saveLabel={what === 'off' ? 'Turn off' : 'Make new codes'}
              gap="sm"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
