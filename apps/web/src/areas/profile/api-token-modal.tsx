import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { can, type MemberAccess } from '@fieldbook/core';
import { useApiTokenActions } from '../../api/use-api-tokens';
import { CopyField } from '../../ui/copy-field';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';
import { RightsGrid } from '../../ui/rights-grid';
import { useEditorForm } from '../../ui/use-editor-form';
import {
  EXPIRY_CHOICES,
  initialTokenValues,
  tokenBody,
  tokenErrors,
  type ApiTokenValues,
} from './api-token-form';

interface Props {
  companyId: string;
  companyName: string;
  /** The user's own rights here: a token may hold only those (DECISIONS §17). */
  me: MemberAccess;
  onClose: () => void;
}

/** New API token: a name, an expiry and rights; then the token, shown this once. */
export function NewApiTokenModal({ companyId, companyName, me, onClose }: Props) {
  const { create } = useApiTokenActions(companyId);
  const [made, setMade] = useState<string | null>(null);
  const form = useForm<ApiTokenValues>({
    initialValues: initialTokenValues(),
    validate: tokenErrors,
  });
  const { onSubmit } = useEditorForm({
    form,
    save: (v) => create.mutateAsync(tokenBody(v)),
    onSaved: (answer) => setMade(answer.token),
  });

  if (made)
    return (
      <Modal opened onClose={onClose} title="Your new API token" size="lg" centered>
        <Stack>
          <Alert color="yellow" title="Copy it now">
            You will not see this token again. Anyone who has it can use {companyName} with the
            rights you gave it: keep it as safe as a password.
          </Alert>
          <CopyField label="API token" value={made} testId="api-token-value" />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened onClose={onClose} title="New API token" size="lg" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <ErrorAlert error={create.error} />
          <TextInput
            label="Token name"
            description="What uses it, so you know what stops when you revoke it"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label="Expires after"
            data={EXPIRY_CHOICES}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('expires')}
          />
          <Text size="sm" c="dimmed">
            It can do only what you tick, and only while you hold those rights in {companyName}.
          </Text>
          <RightsGrid
            label="Token rights"
            grantable={(a, f) => can(me, a, f)}
            inputProps={(a, f) => {
              const props = form.getInputProps(`rights.${a}.${f}`, { type: 'checkbox' });
              // A tick answers "at least one right": its message goes at once.
              return {
                ...props,
                onChange: (e: unknown) => {
                  form.clearFieldError('rights');
                  props.onChange(e);
                },
              };
            }}
          />
          {form.errors.rights && (
            <Text size="sm" c="red" role="alert">
              {form.errors.rights}
            </Text>
          )}
          <ModalActions onCancel={onClose} saving={create.isPending} saveLabel="Create token" />
        </Stack>
      </form>
    </Modal>
  );
}
