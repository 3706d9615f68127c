import { Alert, Paper, SimpleGrid, Stack, Text, Group, Progress } from '@mantine/core';
import type { TCarYear } from '@fieldbook/core';

const km = (n: number) => `${n.toLocaleString('en-ZA')} km`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** One card per car: the year's odometer readings, km and business share. */
export function YearSummary({ cars }: { cars: TCarYear[] }) {
  if (cars.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="md">
      {cars.map((c) => (
        <Paper
          key={c.carId}
          withBorder
          radius="md"
          p="md"
          aria-label={`Summary of ${c.registration}`}
          role="group"
        >
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{c.registration}</Text>
            <Text size="sm" c="dimmed">
              {c.trips} {c.trips === 1 ? 'trip' : 'trips'}
            </Text>
          </Group>
          {c.inconsistent && (
            <Alert color="orange" variant="light" p="xs" mb="xs">
              Trips of this car overlap: more business km are logged than the odometer shows. Check
              the trips; business km are shown as the total.
            </Alert>
          )}
          <SimpleGrid cols={3} spacing="xs" mb="sm">
            <Figure label="Total" value={km(c.totalKm)} />
            <Figure label="Business" value={km(c.businessKm)} />
            <Figure label="Private" value={km(c.privateKm)} />
          </SimpleGrid>
          <Progress value={c.businessShare} size="sm" aria-hidden mb={4} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Business share {c.businessShare.toFixed(2)} %
            </Text>
            <Text size="xs" c="dimmed">
              Odometer {c.openingOdometer.toLocaleString('en-ZA')} –{' '}
              {c.closingOdometer.toLocaleString('en-ZA')}
            </Text>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
