import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  LEDGER_TYPES,
  LEDGER_TYPE_LABELS,
  ZLedgerAccountSave,
  type TLedgerAccount,
  type TLedgerType,
} from '@fieldbook/core';
import { useSaveLedgerAccount } from '../../api/use-accounting';
import { contractErrors } from '../../ui/contract-errors';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';
import { usePhone } from '../../ui/use-phone';

const LABELS = { type: 'Type', name: 'Name', account: 'Account code' };

interface AccountValues {
  type: TLedgerType;
  name: string;
  account: string;
}

interface AccountModalProps {
  /** The account to edit, or null for 'Add new account'. */
  account: TLedgerAccount | null;
  onClose: () => void;
}

/**
 * Add or edit a ledger account: type (revenue by default, spec §5), name and
 * account code. Server errors show in red above the form (spec §8).
 */
export function AccountModal({ account, onClose }: AccountModalProps) {
  const phone = usePhone();
  const save = useSaveLedgerAccount();
  const body = (v: AccountValues) => ({ ...(account && { _id: account._id }), ...v });
  const form = useForm<AccountValues>({
    initialValues: {
      type: account?.type ?? 'revenue',
      name: account?.name ?? '',
      account: account?.account ?? '',
    },
    // A complaint stays until Save is pressed again.
    clearInputErrorOnChange: false,
    validate: (v) => contractErrors(ZLedgerAccountSave, body(v), LABELS),
  });
  const { onSubmit, error } = useEditorForm({
    form,
    save: (v) => save.mutateAsync(body(v)),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Account saved' });
      onClose();
    },
    // Spec §8: the server's refusal in red above the form, not under its fields.
    fieldErrors: 'box',
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={account ? 'Edit account' : 'Add new account'}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {/* Spec §8: the server's refusal in red above the form. */}
          <ErrorAlert error={error} title="Not saved" />
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={LEDGER_TYPES.map((t) => ({ value: t, label: LEDGER_TYPE_LABELS[t] }))}
            value={form.values.type}
            onChange={(v) => v && form.setFieldValue('type', v as TLedgerType)}
            error={form.errors.type}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} data-autofocus />
          <TextInput label="Account code" {...form.getInputProps('account')} />
          <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
