import { useState } from 'react';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
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
import { usePhone } from '../../ui/use-phone';

const LABELS = { type: 'Type', name: 'Name', account: 'Account code' };

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
  const [type, setType] = useState<TLedgerType>(account?.type ?? 'revenue');
  const [name, setName] = useState(account?.name ?? '');
  const [code, setCode] = useState(account?.account ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const body = { ...(account && { _id: account._id }), type, name, account: code };
    const found = contractErrors(ZLedgerAccountSave, body, LABELS);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Account saved' });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={account ? 'Edit account' : 'Add new account'}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={false}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {/* Spec §8: the server's refusal in red above the form. */}
          <ErrorAlert error={save.error} title="Not saved" />
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={LEDGER_TYPES.map((t) => ({ value: t, label: LEDGER_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => v && setType(v as TLedgerType)}
            error={errors.type}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Account code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.account}
          />
          <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
