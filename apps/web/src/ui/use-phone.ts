import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (below Mantine's `sm` breakpoint, 48em),
 * read at once rather than after a first render, so a list does not flash its
 * desktop columns. Lists render their phone layout instead of hiding desktop
 * cells, so each value is in the page once.
 */
export function usePhone(): boolean {
  return useMediaQuery(`(max-width: ${em(767.98)})`, false, { getInitialValueInEffect: false });
}
