import { useEffect } from 'react';
import {
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
import { IconCreditCard, IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatMoney, type TCustomerInvoice } from '@fieldbook/core';
import {
  customerInvoicePdfUrl,
  useCustomerInvoice,
  type PublicInvoiceLink,
} from '../../api/use-customer-invoice';
import { BrandMark } from '../../ui/brand-mark';
import { InvoiceFrame } from './invoice-frame';
import { PaidRibbon } from './paid-ribbon';

/** The card's width on a wide screen (spec: public invoice view). */
const CARD_WIDTH = 820;

/**
 * The public invoice view `/view/c/{companyId}/e/{entityId}/i/{key}`: what
 * the client opens from the e-mail, signed in or not. The invoice itself is
 * the server's rendered HTML in a frame that runs no scripts.
 */
export function PublicInvoicePage() {
  const params = useParams();
  const link: PublicInvoiceLink = {
    companyId: params.companyId ?? '',
    entityId: params.entityId ?? '',
    invoiceKey: params.key ?? '',
  };
  const query = useCustomerInvoice(link);
  const detail = query.data?.detail;

  useEffect(() => {
    if (!detail) return;
    const previous = document.title;
    document.title = `${kindOf(detail)} ${detail.invoiceNumber} · ${detail.companyName}`;
    return () => void (document.title = previous);
  }, [detail]);

  return (
    <Box mih="100vh" bg="gray.1" py={{ base: 'md', sm: 40 }} px="sm">
      <Stack w="100%" maw={CARD_WIDTH} mx="auto" gap="md">
        {query.isLoading ? (
          <Center py={120}>
            <Loader aria-label="Loading" />
          </Center>
        ) : query.data ? (
          <InvoiceView data={query.data} link={link} />
        ) : (
          <NotFoundCard />
        )}
        <PoweredBy />
      </Stack>
    </Box>
  );
}

/** What the document is called: a quote is no invoice. */
const kindOf = (detail: TCustomerInvoice['detail']) => (detail.isQuote ? 'Quote' : 'Invoice');

function InvoiceView({ data, link }: { data: TCustomerInvoice; link: PublicInvoiceLink }) {
  const { detail } = data;
  const kind = kindOf(detail);
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {detail.companyName}
          </Text>
          <Title order={1} fz={24}>
            {detail.invoiceNumber ? `${kind} ${detail.invoiceNumber}` : kind}
          </Title>
          <Text size="sm" c="dimmed" data-testid="public-balance">
            {detail.paid || detail.isQuote || detail.balance <= 0
              ? `Total ${formatMoney(detail.total)}`
              : `Balance due ${formatMoney(detail.balance)}`}
          </Text>
          {detail.deposit && (
            <Text size="sm" c="dimmed" data-testid="public-deposit">
              {detail.deposit.due > 0
                ? `Deposit due ${formatMoney(detail.deposit.due)}`
                : `Deposit of ${formatMoney(detail.deposit.amount)} paid`}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button
            component="a"
            href={customerInvoicePdfUrl(link)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Download PDF
          </Button>
          {detail.payfast && <PayNowForm detail={detail} />}
        </Group>
      </Group>
      <Card
        w={CARD_WIDTH}
        maw="100%"
        // 40px at the top always: the ribbon sits in that corner, clear of the document.
        pt={40}
        px={{ base: 'md', sm: 40 }}
        pb={{ base: 'md', sm: 40 }}
        shadow="sm"
        pos="relative"
        style={{ overflow: 'hidden' }}
        data-testid="public-invoice-card"
      >
        {!detail.hideInvoiceLabel && <PaidRibbon paid={detail.paid} />}
        <InvoiceFrame html={data.html} title={`${kind} ${detail.invoiceNumber}`} />
      </Card>
    </>
  );
}

/**
 * PayFast's checkout: the hidden fields exactly as the server signed them, in
 * their order, posted to PayFast by the buyer's browser.
 */
function PayNowForm({ detail }: { detail: TCustomerInvoice['detail'] }) {
  if (!detail.url || !detail.keys || !detail.sec) return null;
  return (
    <form method="post" action={detail.url} style={{ margin: 0 }}>
      {detail.keys.map((k) => (
        <input key={k.name} type="hidden" name={k.name} value={k.value} />
      ))}
      <input type="hidden" name="signature" value={detail.sec} />
      <Button type="submit" color="green" leftSection={<IconCreditCard size={16} />}>
        {detail.isQuote ? 'Pay deposit' : 'Pay Now'}
      </Button>
    </form>
  );
}

function NotFoundCard() {
  return (
    <Card w={CARD_WIDTH} maw="100%" p="xl" shadow="sm">
      <Center py={60}>
        <Stack align="center" gap={4}>
          <Title order={2} fz={22}>
            Invoice not found
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            Please check the link in your e-mail, or ask the sender for a new one.
          </Text>
        </Stack>
      </Center>
    </Card>
  );
}

/** The platform's mark under a page a client opens (the invoice view, the portal). */
export function PoweredBy() {
  return (
    <Group justify="center" gap={8} mt="xs">
      <Text size="xs" c="dimmed">
        powered by
      </Text>
      <Anchor href="/" underline="never" aria-label="Fieldbook" target="_blank" rel="noopener">
        <BrandMark size="sm" />
      </Anchor>
    </Group>
  );
}
