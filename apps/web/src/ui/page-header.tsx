import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

interface PageHeaderProps {
  title: string;
  /** Trail above the title; the last crumb is the current page and has no link. */
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
}

/** Title, breadcrumb and page actions at the top of a signed-in screen. */
export function PageHeader({ title, breadcrumbs, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md" wrap="wrap">
      <Stack gap={4}>
        {breadcrumbs && breadcrumbs.length > 0 && (
          <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6}>
            {breadcrumbs.map((c) =>
              c.to ? (
                <Anchor key={c.label} component={Link} to={c.to} size="sm">
                  {c.label}
                </Anchor>
              ) : (
                <Text key={c.label} size="sm" c="dimmed" aria-current="page">
                  {c.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
