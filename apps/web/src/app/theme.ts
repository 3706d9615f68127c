import {
  DEFAULT_THEME,
  createTheme,
  darken,
  isLightColor,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Ten shades around the brand colour #02a7b8 (index 6, the filled buttons and
 * accents, with dark text on it). Text in the brand colour uses the darker
 * shades: 8 reads at 5.4:1 on white, 9 at 7.9:1.
 */
const brand: MantineColorsTuple = [
  '#e0fbfd',
  '#c4f2f6',
  '#97e5ec',
  '#64d6e0',
  '#3ac9d5',
  '#1bbdcb',
  '#02a7b8',
  '#018f9e',
  '#007580',
  '#005c65',
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
    // A modal's header is a <header>; inside role="dialog" axe (and screen readers)
    // take it for a second page banner beside the app's (landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A loader is a <span>: its name ('Loading') is allowed only with a role
    // (axe: aria-prohibited-attr, serious). Inside a listbox give it aria-hidden
    // (global-search.tsx): a listbox holds options only.
    Loader: { defaultProps: { role: 'status' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    // A table wider than a phone scrolls sideways: keyboard users reach it too.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
    // The default toggle name contains 'password', which would make a field's
    // label ambiguous for assistive tech and for getByLabel('Password').
    // Notifications' close button has no name of its own (axe: critical).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
    },
  },
});

/** WCAG AA for normal text (a little margin for anti-aliasing). */
const TEXT_CONTRAST = 4.6;
const WHITE = '#ffffff';
const GREY_0 = DEFAULT_THEME.colors.gray[0];

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/** `color`, darkened in small steps until it reads at 4.5:1 on every one of `backgrounds`. */
export function readable(color: string, backgrounds: string[]): string {
  let c = color;
  for (let i = 0; i < 40 && backgrounds.some((b) => contrast(c, b) < TEXT_CONTRAST); i++)
    c = darken(c, 0.04);
  return c;
}

/**
 * Text colours that pass WCAG AA (4.5:1): grey ("dimmed") text, links, error
 * messages, and every colour's text, light (tinted badges, light buttons),
 * outline and white-on-filled variants. Mantine's defaults use shade 6 or 9,
 * which for brand teal, green, orange, red and grey read at 2.5 to 3.8:1. The
 * brand's filled colour stays #02a7b8, with dark text on it (7.2:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-anchor': readable(brand[8], [WHITE, GREY_0, brand[0]]),
    '--mantine-color-error': readable(t.colors.red![6]!, [WHITE, GREY_0]),
  };
  for (const [name, c] of Object.entries(t.colors)) {
    if (!c || c.length < 10) continue;
    light[`--mantine-color-${name}-text`] = readable(c[6]!, [WHITE, GREY_0]);
    light[`--mantine-color-${name}-light-color`] = readable(c[9]!, [c[1]!, c[2]!, WHITE]);
    light[`--mantine-color-${name}-outline`] = readable(c[6]!, [WHITE, GREY_0]);
    // Filled colours with white text on them (dark text goes on the light ones).
    if (!isLightColor(c[6]!, t.luminanceThreshold)) {
      light[`--mantine-color-${name}-filled`] = readable(c[6]!, [WHITE]);
      light[`--mantine-color-${name}-filled-hover`] = darken(readable(c[6]!, [WHITE]), 0.1);
    }
  }
  return { variables: {}, light, dark: {} };
};
