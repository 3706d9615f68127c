import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureGrid } from './feature-grid';
import { HeroPreview } from './hero-preview';

const TRADES = ['Plumbers', 'Electricians', 'Cleaners', 'Salons'];

/** The signed-out home page: what Fieldbook does and who it is for. */
export function LandingPage() {
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        py={{ base: 48, md: 88 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-brand-8) 0%, var(--mantine-color-brand-6) 55%, var(--mantine-color-brand-4) 100%)',
        }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={40}>
            <Stack gap="lg" justify="center">
              <Group gap="xs">
                {TRADES.map((t) => (
                  <Badge key={t} variant="white" color="brand.8" size="lg" radius="sm">
                    {t}
                  </Badge>
                ))}
              </Group>
              <Title id="hero-title" order={1} c="white" fz={{ base: 34, md: 48 }} lh={1.1}>
                Quotes, jobs and invoices for small service businesses
              </Title>
              <Text c="brand.0" fz="lg" maw={520}>
                Fieldbook keeps your day in one place: send a quote, book the job, plan the route,
                invoice when it is done and get paid online, in rand.
              </Text>
              <Group gap="md">
                <Button component={Link} to="/login" size="lg" variant="white" color="brand.8">
                  Get Started
                </Button>
                <Button
                  component={Link}
                  to="/login"
                  size="lg"
                  variant="outline"
                  color="white"
                  styles={{ root: { borderColor: 'white', color: 'white' } }}
                >
                  Start Free Trial
                </Button>
              </Group>
              <Group gap="lg">
                {['No card needed', 'Works on phone and desktop'].map((t) => (
                  <Group key={t} gap={6} c="white">
                    <IconCheck size={18} />
                    <Text size="sm" c="white">
                      {t}
                    </Text>
                  </Group>
                ))}
              </Group>
            </Stack>
            <HeroPreview />
          </SimpleGrid>
        </Container>
      </Box>
      <FeatureGrid />
      <Box component="section" aria-labelledby="trades-title" py={64} bg="gray.0">
        <Container size="lg">
          <Title id="trades-title" order={2} ta="center" mb="sm">
            Made for the trades
          </Title>
          <Text ta="center" c="dimmed" maw={640} mx="auto" mb="xl">
            Plumbers booking call-outs, electricians on compliance jobs, cleaning teams on recurring
            contracts and salons with a full appointment book all run on Fieldbook.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {[
              ['Plumbers', 'Call-outs, quotes on site and parts on the invoice.'],
              ['Electricians', 'Jobs with status steps, from booked to signed off.'],
              ['Cleaners', 'Recurring visits and invoices that send themselves.'],
              ['Salons', 'Appointments, client history and card payments.'],
            ].map(([trade, text]) => (
              <Box key={trade} p="lg" bg="white" style={{ borderRadius: 12 }}>
                <Text fw={650} mb={4}>
                  {trade}
                </Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
