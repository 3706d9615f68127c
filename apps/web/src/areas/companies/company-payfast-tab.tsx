import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle, IconLock, IconTrash } from '@tabler/icons-react';
import type { TCompany } from '@fieldbook/core';
import { emptyCompanyValues, type CompanyForm } from './company-form';

/**
 * PayFast, so clients can pay an invoice from its public page; the passphrase
 * is write-only (left empty, the stored one stays). Also whether the public
 * invoice shows its PAID / UNPAID label.
 */
export function CompanyPayfastTab({ form, company }: { form: CompanyForm; company: TCompany }) {
  // Where the money goes is the owner's alone: others see it read-only.
  const owner = company.me.isOwner;
  const on = form.values.usePayfast && owner;
  const stored = company.payfast;
  const remove = () => {
    form.setFieldValue('usePayfast', false);
    form.setFieldValue('payfast', emptyCompanyValues().payfast);
  };
  return (
    <Stack gap="lg" maw={720}>
      <Text size="sm" c="dimmed">
        With PayFast set up, an unpaid invoice opened from its e-mail shows Pay Now, and the invoice
        is marked paid when PayFast confirms the payment. Find these details under Settings in your{' '}
        <Anchor href="https://www.payfast.co.za" target="_blank" rel="noreferrer" size="sm">
          PayFast account
        </Anchor>
        .
      </Text>
      {!owner && (
        <Alert color="gray" icon={<IconLock size={18} />}>
          Only the owner of the company can change its PayFast details.
        </Alert>
      )}
      <Switch
        label="Accept payments with PayFast"
        disabled={!owner}
        {...form.getInputProps('usePayfast', { type: 'checkbox' })}
      />
      {owner && !on && stored && (
        <Alert color="orange" icon={<IconInfoCircle size={18} />}>
          Saving removes the stored PayFast details.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Merchant ID"
          disabled={!on}
          inputMode="numeric"
          autoComplete="off"
          required={on}
          {...form.getInputProps('payfast.merchantId')}
        />
        <TextInput
          label="Merchant key"
          disabled={!on}
          autoComplete="off"
          required={on}
          {...form.getInputProps('payfast.merchantKey')}
        />
        {owner && (
          <PasswordInput
            label="Passphrase"
            description="Set under Security in PayFast; signs every payment"
            disabled={!on}
            autoComplete="new-password"
            placeholder={stored?.hasPassphrase ? 'stored' : ''}
            {...form.getInputProps('payfast.passphrase')}
          />
        )}
      </SimpleGrid>
      <Switch
        label="Sandbox (test payments, no money moves)"
        disabled={!on}
        {...form.getInputProps('payfast.sandbox', { type: 'checkbox' })}
      />
      {on && stored && (
        <Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={remove}
          >
            Remove PayFast
          </Button>
        </Group>
      )}
      <Switch
        label="Hide the PAID / UNPAID label"
        description="On the invoice page your clients open from the e-mail"
        {...form.getInputProps('hideInvoiceLabel', { type: 'checkbox' })}
      />
    </Stack>
  );
}
