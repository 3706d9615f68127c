import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={1}>Not Found</Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Button component={Link} to="/" variant="light">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
