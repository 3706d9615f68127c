import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@fieldbook/core';

/** The product icon and name, used where no company is selected and on public pages. */
export function BrandMark({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const icon = size === 'lg' ? 40 : size === 'md' ? 32 : 26;
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={icon} radius="md" variant="filled" aria-hidden>
        <IconNotebook size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 24 : size === 'md' ? 20 : 17} c="dark.7">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
