import {
  Checkbox,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { CompanyForm } from './company-form';

function TaxFields({ form, second }: { form: CompanyForm; second: boolean }) {
  const p = second
    ? ({
        on: 'tax.hasSecondTax',
        d: 'tax.t2D',
        v: 'tax.t2V',
        inc: 'tax.inc2',
        duc: 'tax.duc2',
      } as const)
    : ({ on: 'tax.hasTax', d: 'tax.tD', v: 'tax.tV', inc: 'tax.inc1', duc: 'tax.duc1' } as const);
  const name = second ? 'Second tax' : 'Tax';
  const enabled = second ? form.values.tax.hasSecondTax : form.values.tax.hasTax;
  return (
    <Stack gap="sm">
      <Switch
        label={second ? 'Charge a second tax' : 'Charge tax'}
        {...form.getInputProps(p.on, { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={`${name} description`} disabled={!enabled} {...form.getInputProps(p.d)} />
        <NumberInput
          label={`${name} rate (%)`}
          min={0}
          max={100}
          decimalScale={2}
          disabled={!enabled}
          {...form.getInputProps(p.v)}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox
          label={`${name} inclusive`}
          description="Prices already include it"
          disabled={!enabled}
          {...form.getInputProps(p.inc, { type: 'checkbox' })}
        />
        <Checkbox
          label={`${name} deductible`}
          description="Subtracted from the total"
          disabled={!enabled}
          {...form.getInputProps(p.duc, { type: 'checkbox' })}
        />
      </Group>
    </Stack>
  );
}

/** hasTax, tD, tV, inc1, duc1, the same for the second tax, and the tax number. */
export function CompanyTaxTab({ form }: { form: CompanyForm }) {
  return (
    <Stack gap="lg" maw={720}>
      <TaxFields form={form} second={false} />
      <Divider />
      <TaxFields form={form} second />
      <Divider />
      <TextInput label="Tax number" maw={340} {...form.getInputProps('tax.taxNumber')} />
    </Stack>
  );
}
