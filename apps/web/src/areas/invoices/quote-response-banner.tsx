import { Alert, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
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

const ANSWERED: Record<TQuoteResponse['kind'], string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  changes: 'Asked for changes',
};

/**
 * The quote's log of the client's answers in the portal, oldest first
 * (docs/portal.md): each with its time, who answered and what they wrote.
 * Shown when there is more than the answer the banner shows.
 */
export function QuoteAnswersLog({
  answers,
  timeZone,
}: {
  answers: TQuoteResponse[];
  timeZone: string;
}) {
  if (answers.length < 2) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="quote-answers-title">
      <Title id="quote-answers-title" order={2} fz="h5" mb={6}>
        The client&apos;s answers
      </Title>
      <List size="sm" spacing={4} aria-label="The client's answers">
        {answers.map((a, i) => (
          <List.Item key={`${i}-${a.at}`}>
            <Text span size="sm" fw={600}>
              {ANSWERED[a.kind]}
            </Text>{' '}
            <Text span size="sm">
              by {a.name || 'the client'} on {when(a.at, timeZone)}
              {a.text ? `: ${a.text}` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
