import { Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useCreateCompany } from '../../api/use-companies';
import { useCurrentCompany } from '../../app/company-context';
import { IMAGE_TYPES, imageProblem } from '../../ui/image-uploader';
import { ErrorAlert } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';

/** Create a company (multipart: companyName and an optional logo) and switch to it. */
export function NewCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateCompany();
  const { switchCompany } = useCurrentCompany();
  const form = useForm<{ companyName: string; logo: File | null }>({
    initialValues: { companyName: '', logo: null },
    validate: {
      companyName: (v) => (v.trim() ? null : 'Company name is required'),
      logo: (f) => (f ? imageProblem(f) : null),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) => create.mutateAsync({ companyName: v.companyName.trim(), logo: v.logo }),
    onSaved: ({ _id }) => {
      switchCompany(_id);
      notifications.show({ color: 'green', message: 'Company created' });
      close();
      // Blank again for the next opening.
      return form.getInitialValues();
    },
  });

  return (
    <Modal opened={opened} onClose={close} title="New company" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={create.error} />
          <TextInput label="Company name" data-autofocus {...form.getInputProps('companyName')} />
          <FileInput
            label="Logo"
            description="Optional. PNG, JPEG or WebP, at most 5 MB"
            placeholder="Choose an image"
            accept={IMAGE_TYPES}
            clearable
            leftSection={<IconPhoto size={16} />}
            {...form.getInputProps('logo')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create company
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
