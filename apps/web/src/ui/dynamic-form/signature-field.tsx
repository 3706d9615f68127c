import { useRef, useState } from 'react';
import { Box, Button, Group, Image, Paper, Text } from '@mantine/core';
import { errorMessage } from '../../api/api-client';
import { useSignaturePad } from '../use-signature-pad';
import { imageUrl } from './form-values';

interface SignatureFieldProps {
  label: string;
  /** The stored signature image, or null when not signed. */
  value: string | null;
  locked: boolean;
  /** Whether the job is saved (an image can only be stored for a saved job). */
  saved: boolean;
  upload: (image: Blob) => Promise<string>;
  onChange: (file: string | null) => void;
  error?: string;
}

const HEIGHT = 180;

/** The canvas as a PNG (toBlob, not a fetched data URL: the CSP allows no data: fetches). */
function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The signature could not be read'))),
      'image/png',
    ),
  );
}

/**
 * A signature drawn with a mouse or a finger (signature_pad), stored as a PNG
 * through the job's image upload and shown as that image afterwards.
 */
export function SignatureField(props: SignatureFieldProps) {
  const { label, value, locked, saved, error } = props;
  const [signing, setSigning] = useState(false);
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      {value && !signing ? (
        <Group align="flex-end" gap="sm">
          <Paper withBorder p={4} bg="white">
            <Image src={imageUrl(value)} alt={label} h={120} w="auto" fit="contain" />
          </Paper>
          {!locked && (
            <Button variant="default" size="xs" onClick={() => setSigning(true)}>
              Sign again
            </Button>
          )}
        </Group>
      ) : locked ? (
        <Text size="sm" c="dimmed">
          Not signed
        </Text>
      ) : !saved ? (
        <Text size="sm" c="dimmed">
          Save the job first to sign it.
        </Text>
      ) : (
        <Pad
          {...props}
          onDone={(file) => {
            props.onChange(file);
            setSigning(false);
          }}
          onCancel={value ? () => setSigning(false) : undefined}
        />
      )}
      {error && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}

interface PadProps extends SignatureFieldProps {
  onDone: (file: string) => void;
  onCancel?: () => void;
}

function Pad({ label, upload, onDone, onCancel }: PadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { padRef, empty, clear: clearPad } = useSignaturePad(canvasRef);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const clear = () => {
    clearPad();
    setProblem(null);
  };
  const save = async () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return;
    setBusy(true);
    setProblem(null);
    try {
      onDone(await upload(await pngOf(canvasRef.current!)));
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Box
        style={{
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={`${label}: draw here`}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: HEIGHT, touchAction: 'none' }}
        />
      </Box>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={() => void save()} loading={busy} disabled={empty}>
          Save signature
        </Button>
        <Button size="xs" variant="default" onClick={clear} disabled={busy}>
          Clear
        </Button>
        {onCancel && (
          <Button size="xs" variant="subtle" onClick={onCancel} disabled={busy}>
            Keep the saved one
          </Button>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red" mt={4} role="alert">
          {problem}
        </Text>
      )}
    </div>
  );
}
