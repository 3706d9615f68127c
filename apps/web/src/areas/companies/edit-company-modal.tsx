import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TCompany } from '@fieldbook/core';
import { companySaveBody, useSaveCompany } from '../../api/use-companies';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import { useEditorForm } from '../../ui/use-editor-form';

/** Rename the current company; every other setting is posted back unchanged. */
export function EditCompanyModal({ company, onClose }: { company: TCompany; onClose: () => void }) {
  const save = useSaveCompany(company._id);
  const form = useForm({
    initialValues: { companyName: company.companyName },
    validate: { companyName: (v) => (v.trim() ? null : 'Company name is required') },
  });
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) =>
      save.mutateAsync({ ...companySaveBody(company), companyName: v.companyName.trim() }),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Company saved' });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title="Edit company" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={save.error} />
          <TextInput label="Company name" data-autofocus {...form.getInputProps('companyName')} />
          <ModalActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
