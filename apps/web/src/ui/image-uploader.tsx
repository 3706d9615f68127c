import { useEffect, useState } from 'react';
import { Box, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import Cropper, { type Area } from 'react-easy-crop';
import { errorMessage } from '../api/api-client';
import { cropToPng } from './crop-image';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A chosen image's problem, or null when it may be uploaded. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.split(',').includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'The image must be at most 5 MB';
  return null;
}

interface ImageUploaderProps {
  /** The button text, also the accessible name of the file input. */
  label: string;
  /** Width / height of the crop frame. */
  aspect?: number;
  round?: boolean;
  /** Upload the cropped PNG; resolve when done. */
  onUpload: (png: Blob) => Promise<unknown>;
}

/** Pick an image, crop it in a dialog, and hand the cropped PNG to `onUpload`. */
export function ImageUploader({ label, aspect = 1, round = false, onUpload }: ImageUploaderProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  const choose = (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSrc(URL.createObjectURL(file));
  };

  const save = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      await onUpload(await cropToPng(src, area));
      setSrc(null);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FileButton onChange={choose} accept={IMAGE_TYPES} inputProps={{ 'aria-label': label }}>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
            {label}
          </Button>
        )}
      </FileButton>
      <Modal opened={!!src} onClose={() => setSrc(null)} title="Crop image" size="lg" centered>
        <Stack>
          <Box pos="relative" h={340} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
            {src && (
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={aspect}
                cropShape={round ? 'round' : 'rect'}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            )}
          </Box>
          <Text size="sm" fw={500}>
            Zoom
          </Text>
          <Slider
            thumbLabel="Zoom"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSrc(null)}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={busy} disabled={!area}>
              Save picture
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
