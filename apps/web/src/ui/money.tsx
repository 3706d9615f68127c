import { Text, type TextProps } from '@mantine/core';
import { formatMoney, type AmountLike } from '@fieldbook/core';

/** An amount as R1,234.56 (core's formatter, the same as the server and the PDF). */
export function Money({ value, ...props }: { value: AmountLike } & TextProps) {
  return (
    <Text
      component="span"
      inherit
      ff="inherit"
      {...props}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatMoney(value)}
    </Text>
  );
}
