// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { PortalStatementDownload } from './portal-statement';

vi.mock('../../api/api-client', () => ({ apiUrl: (p: string) => `/api${p}` }));

describe("the portal's statement download", () => {
  afterEach(cleanup);

  it('links the PDF of the whole account, or of the period chosen; From after To links nothing', () => {
    render(
      <MantineProvider>
        <PortalStatementDownload token="tok-en" />
      </MantineProvider>,
    );
    const link = () => screen.getByText('Download statement').closest('a')!;
    expect(link().getAttribute('href')).toBe('/api/portal/tok-en/statement');
    expect(link().hasAttribute('download')).toBe(true);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    expect(link().getAttribute('href')).toBe('/api/portal/tok-en/statement?from=2026-02-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    expect(link().getAttribute('href')).toBe(
      '/api/portal/tok-en/statement?from=2026-02-01&to=2026-02-28',
    );

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    expect(link().hasAttribute('href')).toBe(false);
    expect(link().getAttribute('data-disabled')).toBe('true');
    expect(screen.getByText('From must be on or before to')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Whole account' }));
    expect(link().getAttribute('href')).toBe('/api/portal/tok-en/statement');
  });
});
