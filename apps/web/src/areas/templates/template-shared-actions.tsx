import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-client';
import { useCopyTemplate } from '../../api/use-templates';
import { KIND_SCREEN, type TemplateDoc, type TemplateKind } from '../../api/template-shapes';

/** "Copy to my company": the server copies the template into the company; the copy opens. */
export function useCopyToMyCompany(kind: TemplateKind) {
  const navigate = useNavigate();
  const copy = useCopyTemplate();
  const run = (t: Pick<TemplateDoc, '_id' | 'name'>) =>
    copy.mutate(t._id, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: `${t.name} copied to your company` });
        void navigate(KIND_SCREEN[kind].editor(saved._id));
      },
      onError: (e) =>
        notifications.show({ color: 'red', title: 'Not copied', message: errorMessage(e) }),
    });
  return { run, pending: copy.isPending, copyingId: copy.isPending ? copy.variables : null };
}

/**
 * Rank super's explicit choice before editing a template every company uses:
 * edit it for every company, or copy it to their own company instead.
 */
export function confirmEditForEveryCompany(name: string, onEdit: () => void, onCopy: () => void) {
  modals.openConfirmModal({
    title: 'Change it for every company?',
    children: (
      <Stack gap="sm">
        <Text size="sm">
          Every company uses {name}. The changes you save here change it for every company.
        </Text>
        <Text size="sm">To change it only for your company, copy it to your company instead.</Text>
        <Button
          variant="light"
          leftSection={<IconCopy size={16} />}
          onClick={() => {
            modals.closeAll();
            onCopy();
          }}
        >
          Copy to my company
        </Button>
      </Stack>
    ),
    labels: { confirm: 'Edit for every company', cancel: 'Cancel' },
    confirmProps: { color: 'orange' },
    onConfirm: onEdit,
  });
}
