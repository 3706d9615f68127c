import type { ReactNode } from 'react';
import { Container, Paper, Text, Title } from '@mantine/core';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** The layout of the terms and the privacy policy. */
export function LegalPage(p: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <Container size="md" py={48}>
      <Paper p={{ base: 'lg', sm: 40 }} withBorder className="fb-prose">
        <Title order={1} mb={4}>
          {p.title}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Last updated {p.updated}
        </Text>
        {p.sections.map((s) => (
          <section key={s.heading}>
            <Title order={2} fz="h4">
              {s.heading}
            </Title>
            {s.body}
          </section>
        ))}
      </Paper>
    </Container>
  );
}
