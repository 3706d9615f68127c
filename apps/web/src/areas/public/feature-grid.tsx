import { Box, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCar,
  IconCreditCard,
  IconFileInvoice,
  IconLayoutKanban,
  IconReportMoney,
} from '@tabler/icons-react';

const FEATURES = [
  {
    icon: IconFileInvoice,
    title: 'Quotes & invoices',
    text: 'Turn a quote into an invoice in one click, with VAT worked out and your own numbering.',
  },
  {
    icon: IconLayoutKanban,
    title: 'Jobs board',
    text: 'See every job by status, drag it along as the work moves, and never lose a call-out.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Calendar & routes',
    text: "Schedule the team and plan the shortest route through the day's stops.",
  },
  {
    icon: IconReportMoney,
    title: 'Statements',
    text: 'Client statements with a running balance and aging, e-mailed on a schedule.',
  },
  {
    icon: IconCreditCard,
    title: 'PayFast payments',
    text: 'Clients pay online with a Pay Now button; the invoice is marked paid for you.',
  },
  {
    icon: IconCar,
    title: 'Vehicle & mileage log',
    text: 'Keep a log book of trips per vehicle: business and private kilometres for your SARS tax year, with a CSV.',
  },
];

/** The feature cards of the landing page. */
export function FeatureGrid() {
  return (
    <Box component="section" aria-labelledby="features-title" py={72} bg="white">
      <Container size="lg">
        <Title id="features-title" order={2} ta="center" mb="sm">
          Everything from the first call to the payment
        </Title>
        <Text ta="center" c="dimmed" maw={600} mx="auto" mb={48}>
          One book for the office and the bakkie, shared by the whole team.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="xl">
          {FEATURES.map((f) => (
            <Box key={f.title}>
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <f.icon size={24} />
              </ThemeIcon>
              <Text fw={650} fz="lg" mb={6}>
                {f.title}
              </Text>
              <Text c="dimmed" size="sm" lh={1.6}>
                {f.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
