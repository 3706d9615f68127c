// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Loader, MantineProvider } from '@mantine/core';
import { theme } from './theme';

afterEach(cleanup);

describe("the app's theme", () => {
  it('gives a loader the status role its name needs (axe: aria-prohibited-attr)', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
