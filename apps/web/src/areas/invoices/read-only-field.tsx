import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A field of a saved document shown as text, not as a disabled input (view mode). */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="sm" fw={500} mb={2}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{children}</Text>
    </div>
  );
}
