import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  Modal,
  Pill,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconMailForward, IconPlus, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  MAX_RECIPIENTS,
  MSG,
  recipientsValid,
  splitRecipients,
  type TEmailDraft,
} from '@fieldbook/core';

const TOO_MANY = `A message can go to at most ${MAX_RECIPIENTS} recipients`;
import { ApiError } from '../api/api-client';
import { useEmailDraft, useSendEmail, type MailKind } from '../api/use-delivery';
import { useCurrentCompany } from '../app/company-context';
import { ErrorAlert, QueryState } from './query-state';

export interface SendEmailModalProps {
  kind: MailKind;
  /** The invoice's or the client's id. */
  id: string;
  /** e.g. 'Send Invoice INV00042' or 'Email statement'. */
  title: string;
  onClose: () => void;
}

/** The spec's wording is about invoices; a statement or credit note gets the same sentences about itself. */
const wording = (kind: MailKind) => {
  if (kind === 'invoice') return { confirm: MSG.confirmSend, hint: MSG.ownAddressHint };
  const what = kind === 'creditNote' ? 'credit note' : 'statement';
  return {
    confirm: MSG.confirmSend.replace('invoice', what),
    hint: MSG.ownAddressHint.replace('invoice', what),
  };
};

/**
 * The send modal of an invoice, quote or statement: recipients, subject and
 * message pre-filled from the server's draft, Send, and a test e-mail to the
 * company's own address (spec §2, §5, §8).
 */
export function SendEmailModal({ kind, id, title, onClose }: SendEmailModalProps) {
  const draft = useEmailDraft(kind, id);
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered closeOnClickOutside={false}>
      <QueryState query={draft}>
        {(d) => <SendForm kind={kind} id={id} draft={d} onClose={onClose} />}
      </QueryState>
    </Modal>
  );
}

function SendForm({
  kind,
  id,
  draft,
  onClose,
}: {
  kind: MailKind;
  id: string;
  draft: TEmailDraft;
  onClose: () => void;
}) {
  const { companyId } = useCurrentCompany();
  const send = useSendEmail(kind, id);
  const [to, setTo] = useState<string[]>(draft.to);
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState(false);
  const [subject, setSubject] = useState(draft.subject);
  const [message, setMessage] = useState(draft.message);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [noCompanyEmail, setNoCompanyEmail] = useState(false);
  const words = wording(kind);
  // At most MAX_RECIPIENTS per message (the server refuses more).
  const fits = to.length + splitRecipients(adding).length <= MAX_RECIPIENTS;
  const full = to.length >= MAX_RECIPIENTS;
  const canAdd = recipientsValid(adding) && fits;
  const settings = `/company/${companyId ?? ''}`;
  const smtpSettings = `${settings}?tab=email`;

  const add = () => {
    if (!canAdd) return setAddError(adding.trim() !== '');
    // Spec §5: duplicates are not checked.
    setTo((old) => [...old, ...splitRecipients(adding)]);
    setAdding('');
    setErrors(({ to: _, ...rest }) => rest);
  };

  const post = (test: boolean) =>
    send.mutate(
      {
        // The test goes to the company's own address whatever the list says.
        to: test && to.length === 0 ? [draft.companyEmail] : to,
        subject,
        message,
        test,
      },
      {
        onSuccess: (r) => {
          if (test)
            return void notifications.show({
              color: 'green',
              title: r.message || MSG.sent,
              message: `The test went to ${draft.companyEmail}`,
            });
          notifications.show({ color: 'green', message: r.message || MSG.sent });
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields);
        },
      },
    );

  const start = (test: boolean) => {
    send.reset();
    if (test && !draft.companyEmail) return setNoCompanyEmail(true);
    const problems: Record<string, string> = {};
    if (!test && to.length === 0) problems.to = 'Please add at least one recipient';
    if (to.length > MAX_RECIPIENTS) problems.to = TOO_MANY;
    if (!subject.trim()) problems.subject = 'Please enter a subject';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    modals.openConfirmModal({
      title: 'Please confirm',
      children: test ? MSG.confirmTest : words.confirm,
      labels: { confirm: test ? 'Send test' : 'Send', cancel: 'Cancel' },
      onConfirm: () => post(test),
    });
  };

  const sendingTest = send.isPending && send.variables?.test === true;
  const sendingReal = send.isPending && !send.variables?.test;

  return (
    <Stack gap="sm">
      <Input.Wrapper label="To" error={errors.to}>
        {to.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            No recipients yet.
          </Text>
        ) : (
          <Pill.Group mt={4} aria-label="Recipients" role="list">
            {to.map((address, i) => (
              <Pill
                key={`${i}-${address}`}
                role="listitem"
                size="md"
                withRemoveButton
                onRemove={() => setTo((old) => old.filter((_, j) => j !== i))}
                removeButtonProps={{
                  'aria-label': `Remove ${address}`,
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {address}
              </Pill>
            ))}
          </Pill.Group>
        )}
      </Input.Wrapper>
      <TextInput
        label="Add recipient"
        description={full ? TOO_MANY : 'Separate several addresses with a comma or a semicolon.'}
        placeholder="name@example.com"
        value={adding}
        disabled={full}
        error={
          !fits && adding.trim()
            ? TOO_MANY
            : addError
              ? 'Please enter well-formed e-mail addresses'
              : undefined
        }
        onChange={(e) => {
          setAdding(e.currentTarget.value);
          setAddError(false);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          add();
        }}
        // The button sits beside the box itself, whatever the label and description take.
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <div style={{ flex: 1 }}>{input}</div>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!canAdd}
              onClick={add}
            >
              Add
            </Button>
          </Group>
        )}
      />
      <TextInput
        label="Subject"
        required
        value={subject}
        error={errors.subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
      />
      <Textarea
        label="Message"
        autosize
        minRows={4}
        maxRows={10}
        value={message}
        error={errors.message}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      {!draft.ownSmtp && (
        <Text size="xs" c="dimmed">
          {words.hint}.{' '}
          <Anchor component={Link} to={smtpSettings} size="xs" onClick={onClose}>
            Company settings
          </Anchor>
        </Text>
      )}
      {noCompanyEmail && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          py="xs"
          icon={<IconInfoCircle size={18} />}
        >
          {MSG.noCompanyEmail}.{' '}
          <Anchor component={Link} to={settings} size="sm" onClick={onClose}>
            Company settings
          </Anchor>
        </Alert>
      )}
      <ErrorAlert error={send.error} title="Not sent" />
      <Group justify="space-between" gap="sm">
        <Button
          variant="subtle"
          leftSection={<IconMailForward size={16} />}
          loading={sendingTest}
          disabled={sendingReal}
          onClick={() => start(true)}
        >
          Send test email
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            loading={sendingReal}
            disabled={sendingTest}
            onClick={() => start(false)}
          >
            Send
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
