import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * An amount in rand as the finance forms type it: R prefix, thousands with
 * commas, two decimals, nothing below nil. Any prop may still be given.
 */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      decimalScale={2}
      fixedDecimalScale
      prefix="R"
      thousandSeparator=","
      {...props}
    />
  );
}
