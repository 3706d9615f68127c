import type { ReactNode } from 'react';
import { Container, Paper, Text, Title } from '@mantine/core';

/** The centred card that holds the sign-in, reset and register forms. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Container size={440} py={{ base: 32, sm: 64 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} radius="lg">
        <Title order={1} fz={28} ta="center" tt="none" mb={subtitle ? 4 : 'lg'}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" ta="center" mb="lg">
            {subtitle}
          </Text>
        )}
        {children}
      </Paper>
    </Container>
  );
}
