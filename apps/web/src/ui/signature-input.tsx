import { useRef } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useSignaturePad } from './use-signature-pad';

/**
 * A signature drawn with a finger or a mouse (signature_pad), handed on as a
 * PNG data URL after each stroke; null once cleared.
 */
export function SignatureInput({
  label,
  onChange,
  error,
}: {
  label: string;
  onChange: (png: string | null) => void;
  error?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { empty, clear } = useSignaturePad(canvasRef, (pad) =>
    onChange(pad.isEmpty() ? null : pad.toDataURL('image/png')),
  );
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Box
        style={{
          border: `1px dashed var(--mantine-color-${error ? 'red-6' : 'gray-5'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={`${label}: draw here`}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: 160, touchAction: 'none' }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c={error ? 'red' : 'dimmed'}>
          {error ?? 'Sign with your finger or mouse'}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          disabled={empty}
          onClick={() => {
            clear();
            onChange(null);
          }}
        >
          Clear
        </Button>
      </Group>
    </div>
  );
}
