import { useState } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { MAX_JOB_IMAGES } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { IMAGE_TYPES, imageProblem } from '../image-uploader';
import { imageUrl } from './form-values';

interface ImagesFieldProps {
  label: string;
  files: string[];
  /** allowMultiImages: up to 69 images, else one (a new one replaces it). */
  multiple: boolean;
  locked: boolean;
  saved: boolean;
  /** A new job: saves it, after which images may be added. */
  saveFirst?: () => void;
  upload: (image: Blob) => Promise<string>;
  onChange: (files: string[]) => void;
  error?: string;
}

/** Photos of the job: upload (the camera on a phone), thumbnails, remove. */
export function ImagesField(props: ImagesFieldProps) {
  const { label, files, multiple, locked, saved, saveFirst, upload, onChange, error } = props;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const max = multiple ? MAX_JOB_IMAGES : 1;
  const room = multiple ? max - files.length : 1;

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setProblem(null);
    const bad = chosen.map(imageProblem).find((p) => p);
    if (bad) return setProblem(bad);
    if (chosen.length > room) return setProblem(`At most ${max} images`);
    setBusy(true);
    try {
      const stored: string[] = [];
      // One at a time: a phone on a slow line uploads each photo fully before the next.
      for (const f of chosen) stored.push(await upload(f));
      onChange(multiple ? [...files, ...stored] : stored.slice(-1));
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
        {multiple && files.length > 0 && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({files.length} of {max})
          </Text>
        )}
      </Text>
      {!locked && !saved && saveFirst ? (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconCamera size={16} />}
          onClick={saveFirst}
        >
          Save and add images
        </Button>
      ) : (
        files.length === 0 &&
        (locked || !saved) && (
          <Text size="sm" c="dimmed">
            {locked ? 'No images' : 'Save the job first to add images.'}
          </Text>
        )
      )}
      {files.length > 0 && (
        <Group gap="xs" mb="xs" role="list" aria-label={label}>
          {files.map((f, i) => (
            <Box key={`${f}-${i}`} pos="relative" role="listitem">
              <a href={imageUrl(f)} target="_blank" rel="noopener noreferrer">
                <Image
                  src={imageUrl(f)}
                  alt={`${label} ${i + 1}`}
                  w={88}
                  h={88}
                  radius="sm"
                  fit="cover"
                />
              </a>
              {!locked && (
                <ActionIcon
                  size="sm"
                  color="red"
                  radius="xl"
                  pos="absolute"
                  top={-6}
                  right={-6}
                  aria-label={`Remove image ${i + 1}`}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                >
                  <IconX size={12} />
                </ActionIcon>
              )}
            </Box>
          ))}
        </Group>
      )}
      {!locked && saved && room > 0 && (
        <FileButton
          onChange={(f) => void add(Array.isArray(f) ? f : f ? [f] : [])}
          accept={IMAGE_TYPES}
          multiple={multiple}
          inputProps={{ 'aria-label': `Add ${label}` }}
        >
          {(p) => (
            <Button
              {...p}
              variant="light"
              size="xs"
              leftSection={<IconCamera size={16} />}
              loading={busy}
            >
              {multiple || files.length === 0 ? 'Add images' : 'Replace image'}
            </Button>
          )}
        </FileButton>
      )}
      {(problem || error) && (
        <Text size="xs" c="red" mt={4} role="alert">
          {problem ?? error}
        </Text>
      )}
    </div>
  );
}
