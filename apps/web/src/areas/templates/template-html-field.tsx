import { useRef } from 'react';
import { Button, FileButton, Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus } from '@tabler/icons-react';
import { apiUrl, errorMessage } from '../../api/api-client';
import { useUploadTemplateImage } from '../../api/use-templates';
import type { TemplateForm } from './template-form';

interface Props {
  form: TemplateForm;
  editing: boolean;
  /** A template the user may not change: shown greyed out. */
  disabled: boolean;
  /** The saved template's id; a new template has none, so it cannot hold images yet. */
  templateId: string | null;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The template's HTML in a plain monospace editor, and an image upload that
 * puts an `<img>` of the uploaded picture where the cursor was.
 */
export function TemplateHtmlField({ form, editing, disabled, templateId }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const upload = useUploadTemplateImage();

  const insertImage = async (file: File | null) => {
    if (!file || !templateId) return;
    try {
      const saved = await upload.mutateAsync({ id: templateId, file });
      const tag = `<img src="${apiUrl(saved.url)}" alt="" style="max-width: 100%">`;
      const el = ref.current;
      const html = form.getValues().html;
      // A textarea keeps its selection after losing focus to the upload button.
      const start = el?.selectionStart ?? html.length;
      const end = el?.selectionEnd ?? start;
      form.setFieldValue('html', html.slice(0, start) + tag + html.slice(end));
      requestAnimationFrame(() => {
        el?.focus();
        el?.setSelectionRange(start + tag.length, start + tag.length);
      });
      notifications.show({ color: 'green', message: 'Image added' });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Image not added', message: errorMessage(e) });
    }
  };

  return (
    <div>
      <Group justify="space-between" align="flex-end" mb={4}>
        <div>
          <Text size="sm" fw={500}>
            HTML
          </Text>
          <Text size="xs" c="dimmed">
            Placeholders such as {'{{invoice.number}}'} and {'{{#each lines}}…{{/each}}'} are filled
            in; scripts are removed when saved.
          </Text>
        </div>
        {editing && (
          <FileButton onChange={(f) => void insertImage(f)} accept={IMAGE_TYPES}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconPhotoPlus size={14} />}
                loading={upload.isPending}
                disabled={!templateId}
                title={templateId ? undefined : 'Save the template first to add images'}
              >
                Insert image
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {editing && !templateId && (
        <Text size="xs" c="dimmed" mb={4}>
          Save the new template first to add images.
        </Text>
      )}
      <Textarea
        ref={ref}
        aria-label="HTML"
        autosize
        minRows={14}
        maxRows={30}
        spellCheck={false}
        readOnly={!editing}
        disabled={disabled}
        variant={editing ? 'default' : 'filled'}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12.5 } }}
        {...form.getInputProps('html')}
      />
    </div>
  );
}
