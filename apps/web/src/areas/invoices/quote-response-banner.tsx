import { Alert, Image, Paper, Stack, Text } from '@mantine/core';
import type { TQuoteResponse } from '@fieldbook/core';

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  });

/**
 * The client's answer to a quote in the portal (docs/portal.md), on the quote
 * and the invoice it became: who accepted it and when, with the PO number,
 * the terms, the signature and where it was signed from; or the decline's
 * reason; or the changes asked for.
 */
export function QuoteResponseBanner({
  response: r,
  timeZone,
  isQuote,
}: {
  response: TQuoteResponse;
  timeZone: string;
  /** Still a quote: it says the quote is locked. */
  isQuote: boolean;
}) {
  if (r.kind === 'accepted')
    return (
      <Alert color="green" role="status" title={`Accepted by ${r.name}`} aria-label="Accepted">
        <Stack gap={6}>
          <Text size="sm">
            In the client portal on {when(r.at, timeZone)}
            {r.poNumber && `, PO number ${r.poNumber}`}
            {r.termsAccepted && ', with your terms'}.
            {isQuote && ' The quote is locked: copy it to change it.'}
          </Text>
          {r.signature && (
            <Paper withBorder p={4} bg="white" w="fit-content">
              <Image
                src={r.signature}
                alt={`Signature of ${r.name}`}
                h={70}
                w="auto"
                fit="contain"
              />
            </Paper>
          )}
          <Text size="xs" c="dimmed">
            From {r.ip || 'an unknown address'} · {r.userAgent || 'an unknown browser'}
          </Text>
        </Stack>
      </Alert>
    );
  const declined = r.kind === 'declined';
  return (
    <Alert
      color={declined ? 'red' : 'yellow'}
      role="status"
      title={declined ? 'Declined by the client' : 'The client asks for changes'}
      aria-label={declined ? 'Declined' : 'Changes asked'}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {r.text}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {r.name}, in the client portal on {when(r.at, timeZone)}
      </Text>
    </Alert>
  );
}
