import { Button, Center, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { apiUrl } from '../../api/api-client';

const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The photo the form holds: a newly chosen file, or the saved one unless removed. */
export interface PhotoState {
  file: File | null;
  /** The chosen file as a data URL (nothing to revoke, unlike an object URL). */
  preview: string | null;
  removed: boolean;
}

export const NO_PHOTO_CHANGE: PhotoState = { file: null, preview: null, removed: false };

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });

interface ExpensePhotoProps {
  /** The saved photo path ('/images/<id>'), or null. */
  saved: string | null;
  state: PhotoState;
  editing: boolean;
  onChange: (state: PhotoState) => void;
}

/** The expense's photo (a receipt, say): preview, choose another, remove. */
export function ExpensePhoto({ saved, state, editing, onChange }: ExpensePhotoProps) {
  const shown = state.preview ?? (saved && !state.removed ? apiUrl(saved) : null);

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type))
      return notifications.show({ color: 'red', message: 'Choose a PNG, JPEG, WebP or GIF image' });
    if (file.size > MAX_PHOTO_BYTES)
      return notifications.show({ color: 'red', message: 'The image must be at most 5 MB' });
    try {
      onChange({ file, preview: await readAsDataUrl(file), removed: !!saved });
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Photo
      </Text>
      <Paper withBorder radius="md" p={shown ? 4 : 'lg'} bg={shown ? undefined : 'gray.0'}>
        {shown ? (
          <Image src={shown} alt="Expense photo" radius="sm" fit="contain" mah={320} />
        ) : (
          <Center mih={140}>
            <Stack align="center" gap={4}>
              <IconPhoto size={32} color="var(--mantine-color-gray-5)" />
              <Text size="sm" c="dimmed">
                No photo
              </Text>
            </Stack>
          </Center>
        )}
      </Paper>
      {editing && (
        <Group gap="xs">
          <FileButton onChange={(f) => void pick(f)} accept={PHOTO_TYPES.join(',')}>
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                {shown ? 'Change photo' : 'Choose photo'}
              </Button>
            )}
          </FileButton>
          {shown && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange({ file: null, preview: null, removed: !!saved })}
            >
              Remove photo
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
