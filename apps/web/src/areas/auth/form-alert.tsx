import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/**
 * A sign-in page's message (an error, or a notice such as "Password Reset"):
 * a tinted box, as Mantine's Alert draws it, without the Alert and its close
 * button in the sign-in page's JavaScript (its budget, apps/web/README.md).
 */
export function FormAlert({
  color,
  children,
  mb,
}: {
  color: 'red' | 'green';
  children: ReactNode;
  mb?: string;
}) {
  return (
    <Paper
      role={color === 'red' ? 'alert' : 'status'}
      bg={`${color}.0`}
      p="sm"
      radius="md"
      mb={mb}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
    >
      <Text size="sm" c={`${color}.9`}>
        {children}
      </Text>
    </Paper>
  );
}
