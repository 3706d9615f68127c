import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMoney, type TPortalDocument } from '@fieldbook/core';
import { ApiError, errorMessage } from '../../api/api-client';
import { useAnswerQuote, type QuoteAnswer } from '../../api/use-portal';
import { SignatureInput } from '../../ui/signature-input';
import { usePhone } from '../../ui/use-phone';
import { portalDate } from './portal-text';

const ANSWERED: Record<
  NonNullable<TPortalDocument['response']>['kind'],
  { label: string; color: string }
> = {
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  changes: { label: 'Changes asked', color: 'yellow' },
};

/** A quote's answer so far, as a badge with its day. */
export function QuoteAnswered({ doc, timeZone }: { doc: TPortalDocument; timeZone: string }) {
  if (!doc.response) return null;
  const a = ANSWERED[doc.response.kind];
  return (
    <Badge size="sm" color={a.color} title={portalDate(doc.response.at, timeZone)}>
      {a.label} {portalDate(doc.response.at, timeZone)}
    </Badge>
  );
}

type Open = 'accept' | 'decline' | 'changes' | null;

/**
 * Accept, Decline and Ask for changes of one quote (docs/portal.md). Accepting
 * takes the full name, a drawn signature, an optional PO number and the
 * company's terms when it has some; the server refuses a quote that changed
 * since the page was loaded. Once accepted the quote has no buttons.
 */
export function QuoteAnswerButtons({
  token,
  doc,
  terms,
}: {
  token: string;
  doc: TPortalDocument;
  terms: string;
}) {
  const [open, setOpen] = useState<Open>(null);
  const answer = useAnswerQuote(token, doc._id);
  const phone = usePhone();
  if (doc.response?.kind === 'accepted') return null;
  const send = (a: QuoteAnswer) =>
    answer.mutate(a, {
      onSuccess: (r) => {
        setOpen(null);
        notifications.show({ color: 'green', message: r.message });
      },
    });
  const close = () => {
    setOpen(null);
    answer.reset();
  };
  const title = { accept: 'Accept quote', decline: 'Decline quote', changes: 'Ask for changes' };
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          color="green"
          onClick={() => setOpen('accept')}
          aria-label={`Accept ${doc.number}`}
        >
          Accept
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => setOpen('changes')}
          aria-label={`Ask for changes to ${doc.number}`}
        >
          Ask for changes
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setOpen('decline')}
          aria-label={`Decline ${doc.number}`}
        >
          Decline
        </Button>
      </Group>
      <Modal
        opened={open !== null}
        onClose={close}
        title={open ? `${title[open]} ${doc.number}` : ''}
        fullScreen={phone}
        centered
      >
        {open === 'accept' && (
          <AcceptForm
            doc={doc}
            terms={terms}
            busy={answer.isPending}
            onSend={send}
            error={answer.error}
          />
        )}
        {open === 'decline' && (
          <TextForm
            label="Why do you decline it?"
            action="Decline quote"
            busy={answer.isPending}
            error={answer.error}
            onSend={(reason) => send({ kind: 'decline', body: { reason } })}
          />
        )}
        {open === 'changes' && (
          <TextForm
            label="What would you like changed?"
            action="Send"
            busy={answer.isPending}
            error={answer.error}
            onSend={(message) => send({ kind: 'changes', body: { message } })}
          />
        )}
      </Modal>
    </>
  );
}

function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const changed = error instanceof ApiError && error.status === 409;
  return (
    <Alert color={changed ? 'yellow' : 'red'} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

function AcceptForm({
  doc,
  terms,
  busy,
  error,
  onSend,
}: {
  doc: TPortalDocument;
  terms: string;
  busy: boolean;
  error: unknown;
  onSend: (a: QuoteAnswer) => void;
}) {
  const [name, setName] = useState('');
  const [po, setPo] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  const nameOk = name.trim().length >= 2;
  const ready = nameOk && !!signature && (!terms || agreed);
  return (
    <Stack gap="sm">
      <Text size="sm">
        You accept quote {doc.number} for <b>{formatMoney(doc.total)}</b> as it stands.
      </Text>
      <TextInput
        label="Your full name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={tried && !nameOk ? 'Please type your full name' : undefined}
      />
      <SignatureInput
        label="Your signature"
        onChange={setSignature}
        error={tried && !signature ? 'Please sign' : undefined}
      />
      <TextInput
        label="Order (PO) number, if you have one"
        value={po}
        onChange={(e) => setPo(e.currentTarget.value)}
      />
      {terms && (
        <>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-testid="quote-terms">
            {terms}
          </Text>
          <Checkbox
            label="I accept these terms"
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            error={tried && !agreed ? 'Please accept the terms' : undefined}
          />
        </>
      )}
      <Problem error={error} />
      <Button
        color="green"
        loading={busy}
        onClick={() => {
          setTried(true);
          if (!ready) return;
          onSend({
            kind: 'accept',
            body: {
              name: name.trim(),
              signature: signature!,
              ...(po.trim() && { poNumber: po.trim() }),
              ...(terms && { acceptTerms: true }),
              version: doc.version,
            },
          });
        }}
      >
        Accept quote
      </Button>
    </Stack>
  );
}

function TextForm({
  label,
  action,
  busy,
  error,
  onSend,
}: {
  label: string;
  action: string;
  busy: boolean;
  error: unknown;
  onSend: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  return (
    <Stack gap="sm">
      <Textarea
        label={label}
        autosize
        minRows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={tried && !text.trim() ? 'Please write a few words' : undefined}
      />
      <Problem error={error} />
      <Button
        loading={busy}
        onClick={() => {
          setTried(true);
          if (text.trim()) onSend(text.trim());
        }}
      >
        {action}
      </Button>
    </Stack>
  );
}
