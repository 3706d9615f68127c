import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PORTAL_MSG, formatMoney, type TPortalView } from '@fieldbook/core';
import { ApiError, errorMessage } from '../../api/api-client';
import { usePortal, useRenewPortalLink } from '../../api/use-portal';
import { PoweredBy } from '../public/public-invoice-page';
import { portalDate } from './portal-text';
import { PortalDocuments, PortalCreditNotes, PortalJobs } from './portal-sections';
import { PortalStatementDownload } from './portal-statement';

const WIDTH = 820;

/**
 * The client portal `/portal/{token}` (docs/portal.md): what one client of
 * one company sees without signing in: what they owe, their invoices (view,
 * PDF and PayFast on each one's page), quotes, credit notes, statement and
 * upcoming jobs, and how to reach the company.
 */
export function PortalPage() {
  const { token = '' } = useParams();
  const portal = usePortal(token);
  const name = portal.data?.company.name;

  useEffect(() => {
    if (!name) return;
    const previous = document.title;
    document.title = `Your account · ${name}`;
    return () => void (document.title = previous);
  }, [name]);

  return (
    <Box mih="100vh" bg="gray.1" py={{ base: 'md', sm: 40 }} px="sm">
      <Stack w="100%" maw={WIDTH} mx="auto" gap="md" component="main">
        {portal.isLoading ? (
          <Center py={120}>
            <Loader aria-label="Loading" />
          </Center>
        ) : portal.data ? (
          <PortalView token={token} view={portal.data} />
        ) : (
          <Closed token={token} error={portal.error} />
        )}
        <PoweredBy />
      </Stack>
    </Box>
  );
}

function PortalView({ token, view }: { token: string; view: TPortalView }) {
  const { company } = view;
  const zone = company.timeZone;
  return (
    <>
      <Card padding="lg" shadow="sm">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            Your account with
          </Text>
          <Title order={1} fz={26}>
            {company.name}
          </Title>
          <Group gap="md" wrap="wrap">
            {company.phone && (
              <Anchor href={`tel:${company.phone.replace(/\s+/g, '')}`} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconPhone size={14} aria-hidden /> {company.phone}
                </Group>
              </Anchor>
            )}
            {company.email && (
              <Anchor href={`mailto:${company.email}`} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconMail size={14} aria-hidden /> {company.email}
                </Group>
              </Anchor>
            )}
            {company.address && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={14} aria-hidden />
                <Text size="sm">{company.address}</Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Card>
      <Card padding="lg" shadow="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>Hello {view.client.name}</Text>
            <Text size="sm" c="dimmed" data-testid="portal-outstanding">
              {view.outstanding > 0
                ? `You owe ${formatMoney(view.outstanding)}`
                : 'Nothing to pay: thank you'}
            </Text>
          </Stack>
          <PortalStatementDownload token={token} />
        </Group>
      </Card>
      <PortalDocuments title="Invoices to pay" docs={view.openInvoices} empty="Nothing to pay." />
      <PortalDocuments
        title="Quotes"
        docs={view.quotes}
        empty="No quotes."
        quotes={{ token, terms: company.quoteTerms, timeZone: zone }}
      />
      <PortalJobs jobs={view.jobs} timeZone={zone} />
      <PortalCreditNotes token={token} notes={view.creditNotes} />
      <PortalDocuments
        title="Paid invoices"
        docs={view.paidInvoices}
        empty="No paid invoices yet."
      />
      <Text size="xs" c="dimmed" ta="center">
        This link works until {portalDate(view.expiresAt, zone)}. Keep it to yourself.
      </Text>
    </>
  );
}

/** A link that opens nothing: unknown or revoked, or expired (which may ask for a fresh one). */
function Closed({ token, error }: { token: string; error: unknown }) {
  const expired = error instanceof ApiError && error.status === 410;
  const renew = useRenewPortalLink(token);
  const known = error instanceof ApiError && (error.status === 404 || error.status === 410);
  return (
    <Card padding="xl" shadow="sm">
      <Stack align="center" gap="sm" py="xl">
        <Title order={1} fz={22}>
          {expired ? PORTAL_MSG.expired : 'Portal not found'}
        </Title>
        {!expired && (
          <Text c="dimmed" size="sm" ta="center">
            {known ? PORTAL_MSG.notFound : errorMessage(error)}
          </Text>
        )}
        {expired &&
          (renew.isSuccess ? (
            <Alert color="green" role="status">
              {renew.data.message}
            </Alert>
          ) : (
            <>
              <Text c="dimmed" size="sm" ta="center">
                We can e-mail a new one to the address the business has for you.
              </Text>
              <Button loading={renew.isPending} onClick={() => renew.mutate()}>
                E-mail me a new link
              </Button>
              {renew.error && (
                <Text c="red" size="sm" role="alert">
                  {errorMessage(renew.error)}
                </Text>
              )}
            </>
          ))}
        <Anchor component={Link} to="/" size="sm">
          Fieldbook
        </Anchor>
      </Stack>
    </Card>
  );
}
