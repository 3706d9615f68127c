import { Button, Group, Paper, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { IconFileTypePdf, IconShieldLock } from '@tabler/icons-react';
import { TEMPLATE_TYPES } from '@fieldbook/core';
import type { TemplateKind } from '../../api/template-shapes';
import { TYPE_LABELS, type TemplateForm } from './template-form';

interface Props {
  kind: TemplateKind;
  form: TemplateForm;
  editing: boolean;
  /** A shipped template: every company's, whatever the switch. */
  shipped: boolean;
  /** Print the HTML as it stands (saved or not) and show the PDF. */
  onGeneratePdf: () => void;
}

/**
 * The platform administrator's controls (rank super): share with all
 * companies, the invoice and statement flags, the type, and a PDF of the
 * unsaved HTML as the server prints it.
 */
export function TemplateSuperControls({ kind, form, editing, shipped, onGeneratePdf }: Props) {
  const off = !editing;
  return (
    <Paper withBorder p="md" bg="yellow.0" aria-label="Platform controls" role="group">
      <Group gap={6} mb="sm">
        <IconShieldLock size={16} />
        <Text size="sm" fw={600}>
          Platform controls
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
        <Switch
          label="All Companies"
          description={
            shipped ? 'Shipped with Fieldbook: every company has it' : 'Every company may use it'
          }
          disabled={off || shipped}
          {...form.getInputProps('anyCompany', { type: 'checkbox' })}
        />
        {kind === 'general' && (
          <>
            <Switch
              label="Invoice Template"
              description="Offered for invoices and quotes"
              disabled={off}
              {...form.getInputProps('isInvoice', { type: 'checkbox' })}
            />
            <Switch
              label="Statement Template"
              description="Offered for statements"
              disabled={off}
              {...form.getInputProps('isStatement', { type: 'checkbox' })}
            />
            <Select
              label="Type"
              data={TEMPLATE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              allowDeselect={false}
              disabled={off}
              {...form.getInputProps('type')}
            />
          </>
        )}
      </SimpleGrid>
      <Button
        mt="md"
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={onGeneratePdf}
      >
        Generate PDF
      </Button>
    </Paper>
  );
}
