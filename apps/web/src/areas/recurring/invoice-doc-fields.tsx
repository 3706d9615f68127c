import { useState } from 'react';
import {
  Button,
  Grid,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconUser } from '@tabler/icons-react';
import { useItems } from '../../api/use-items';
import { AddLineForm } from '../invoices/add-line-form';
import { ClientSelectModal, clientName } from '../invoices/client-select-modal';
import { DiscountFields } from '../invoices/discount-fields';
import { num, valuesTotals, type InvoiceForm } from '../invoices/invoice-form';
import { InvoiceTemplateSelect } from '../invoices/invoice-template-fields';
import { LineItemsTable } from '../invoices/line-items-table';
import { TotalsPanel } from '../invoices/totals-panel';
import type { RuleValues } from './recurring-values';

interface Props {
  form: InvoiceForm;
  rule: UseFormReturnType<RuleValues>;
}

/**
 * A recurring invoice's document, with the invoice editor's own parts
 * (template, client selection, lines, discount, totals), then Send on
 * creation (Include Statement only with it) and Back Date (its days only with it).
 */
export function InvoiceDocFields({ form, rule }: Props) {
  const [choosing, setChoosing] = useState(false);
  const items = useItems();
  const v = form.values;
  const r = rule.values;
  const clientError = form.errors.entityId;
  const totals = valuesTotals(v);
  const discountLabel = v.discount.hasDiscount
    ? v.discount.discountType === 'Amount'
      ? 'Discount'
      : `Discount ${num(v.discount.discountValue) ?? 0}%`
    : null;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <InvoiceTemplateSelect form={form} editing />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Client
          </Text>
          <Button
            variant={v.entityId ? 'light' : 'default'}
            color={clientError ? 'red' : undefined}
            leftSection={<IconUser size={16} />}
            onClick={() => setChoosing(true)}
          >
            {v.entityId ? v.to || 'Client' : 'Select client'}
          </Button>
          {clientError && (
            <Text size="xs" c="red" mt={4}>
              {clientError}
            </Text>
          )}
        </div>
        <TextInput
          label="E-mail recipients"
          description="Comma-separated addresses"
          style={{ gridColumn: '1 / -1' }}
          {...form.getInputProps('toEmail')}
        />
      </SimpleGrid>
      <Paper withBorder p="sm">
        <LineItemsTable form={form} editing />
        <Paper mt="md" p="md" bg="gray.0" radius="md">
          <AddLineForm form={form} items={items.data ?? []} />
        </Paper>
        {typeof form.errors.descriptions === 'string' && (
          <Text size="xs" c="red" mt={4}>
            {form.errors.descriptions}
          </Text>
        )}
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <DiscountFields form={form} editing />
            <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TotalsPanel
            totals={totals}
            tax={v.tax}
            discountLabel={discountLabel}
            amountPaid={null}
          />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Switch
          label="Send on creation"
          {...rule.getInputProps('sendOnCreation', { type: 'checkbox' })}
        />
        {r.sendOnCreation ? (
          <Switch
            label="Include Statement"
            {...rule.getInputProps('includeStatment', { type: 'checkbox' })}
          />
        ) : (
          <div />
        )}
        <Switch label="Back Date" {...rule.getInputProps('backdate', { type: 'checkbox' })} />
        {r.backdate ? (
          <NumberInput
            label="Back-date days"
            min={0}
            max={365}
            allowDecimal={false}
            {...rule.getInputProps('backdateAmount')}
          />
        ) : (
          <div />
        )}
      </SimpleGrid>
      <ClientSelectModal
        opened={choosing}
        onClose={() => setChoosing(false)}
        onSelect={(c) => form.setValues({ entityId: c._id, to: clientName(c), toEmail: c.email })}
      />
    </Stack>
  );
}
