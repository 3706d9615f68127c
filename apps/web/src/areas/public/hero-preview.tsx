import { Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';

const JOBS = [
  { who: 'T. Naidoo', what: 'Geyser replacement', status: 'Scheduled', color: 'brand' },
  { who: 'Sunrise Salon', what: 'DB board inspection', status: 'In progress', color: 'orange' },
  { who: 'M. van Wyk', what: 'Weekly office clean', status: 'Done', color: 'green' },
];

/** A static picture of the product for the hero; no real data. */
export function HeroPreview() {
  return (
    <Paper
      shadow="xl"
      p="lg"
      radius="lg"
      aria-hidden
      visibleFrom="sm"
      style={{ alignSelf: 'center' }}
    >
      <Group justify="space-between" mb="sm">
        <Text fw={650}>Today</Text>
        <Text size="sm" c="dimmed">
          3 jobs
        </Text>
      </Group>
      <Stack gap="xs">
        {JOBS.map((j) => (
          <Group key={j.who} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={500}>
                {j.what}
              </Text>
              <Text size="xs" c="dimmed">
                {j.who}
              </Text>
            </div>
            <Badge variant="light" color={j.color}>
              {j.status}
            </Badge>
          </Group>
        ))}
      </Stack>
      <Divider my="md" />
      <Group justify="space-between">
        <div>
          <Text size="xs" c="dimmed">
            Invoice INV00042
          </Text>
          <Text fw={700} fz="xl">
            R1,250.00
          </Text>
        </div>
        <Badge color="green" size="lg">
          Paid
        </Badge>
      </Group>
    </Paper>
  );
}
