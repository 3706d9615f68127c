import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatMoney, lineAmount, type TTax } from '@fieldbook/core';
import { num, type FormLine } from './form-values';

interface PhoneLinesProps {
  label: string;
  lines: FormLine[];
  showCode: boolean;
  showPrice: boolean;
  tax: TTax;
  /** Which taxes are shown. */
  t1: boolean;
  t2: boolean;
  setLine: (i: number, patch: Partial<FormLine>) => void;
  remove: (i: number) => void;
}

/**
 * Editable lines on a phone: one card per line (the description across the
 * width, then qty, price and amount), so nothing needs scrolling sideways.
 */
export function PhoneLines(p: PhoneLinesProps) {
  if (p.lines.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center">
        No lines yet.
      </Text>
    );
  return (
    <Stack gap="xs" role="list" aria-label={p.label}>
      {p.lines.map((l, i) => (
        <Paper key={l.key} withBorder p="xs" radius="md" role="listitem">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={`Line ${i + 1}`}
              aria-label={`Description of line ${i + 1}`}
              value={l.description}
              onChange={(e) => p.setLine(i, { description: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove line ${i + 1}`}
              onClick={() => p.remove(i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Group gap="xs" mt={6} wrap="nowrap" align="flex-end">
            {p.showCode && (
              <TextInput
                w={80}
                label="Code"
                aria-label={`Code of line ${i + 1}`}
                value={l.code}
                onChange={(e) => p.setLine(i, { code: e.currentTarget.value })}
              />
            )}
            <NumberInput
              w={64}
              label="Qty"
              aria-label={`Qty of line ${i + 1}`}
              min={0}
              hideControls
              value={l.qty}
              onChange={(v) => p.setLine(i, { qty: v })}
            />
            {p.showPrice && (
              <>
                <NumberInput
                  w={96}
                  label="Price"
                  aria-label={`Price of line ${i + 1}`}
                  min={0}
                  decimalScale={2}
                  hideControls
                  value={l.price}
                  onChange={(v) => p.setLine(i, { price: v })}
                />
                <Text size="sm" ml="auto" pb={8} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(lineAmount({ qty: num(l.qty), price: num(l.price) ?? 0 }))}
                </Text>
              </>
            )}
          </Group>
          {(p.t1 || p.t2) && (
            <Group gap="md" mt={6}>
              {p.t1 && (
                <Checkbox
                  label={p.tax.tD || 'Tax'}
                  aria-label={`${p.tax.tD || 'Tax'} on line ${i + 1}`}
                  checked={l.hasTax}
                  onChange={(e) => p.setLine(i, { hasTax: e.currentTarget.checked })}
                />
              )}
              {p.t2 && (
                <Checkbox
                  label={p.tax.t2D || 'Tax 2'}
                  aria-label={`${p.tax.t2D || 'Tax 2'} on line ${i + 1}`}
                  checked={l.hasSecondTax}
                  onChange={(e) => p.setLine(i, { hasSecondTax: e.currentTarget.checked })}
                />
              )}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
