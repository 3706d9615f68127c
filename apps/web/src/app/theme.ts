import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Ten shades around the brand colour #02a7b8 (index 6). */
const brand: MantineColorsTuple = [
  '#e0fbfd',
  '#c4f2f6',
  '#97e5ec',
  '#64d6e0',
  '#3ac9d5',
  '#1bbdcb',
  '#02a7b8',
  '#01909f',
  '#007985',
  '#00616b',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  autoContrast: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    // The default toggle name contains 'password', which would make a field's
    // label ambiguous for assistive tech and for getByLabel('Password').
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
    },
  },
});
