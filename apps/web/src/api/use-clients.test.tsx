// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import type { StatementPeriodValue } from '../ui/statement-period';
import { useClientStatement } from './use-clients';

vi.mock('../app/company-context', () => ({ useCurrentCompany: () => ({ companyId: 'c1' }) }));

/** A stand-in server: each statement asked for answers the path it was asked at. */
const asked = vi.hoisted(() => [] as string[]);
vi.mock('./api-client', () => ({
  apiGet: vi.fn(async (path: string) => {
    asked.push(path);
    return { path };
  }),
}));

describe("the client's statement", () => {
  it('asks for the period chosen, never for one the server refuses, and keeps the last shown', async () => {
    const { result, rerender } = renderHook(
      ({ id, period }: { id: string; period: StatementPeriodValue }) =>
        useClientStatement(id, period),
      {
        wrapper: queryWrapper(testQueryClient()),
        initialProps: { id: 'k1', period: { from: '', to: '' } },
      },
    );
    const shown = () => (result.current.data as unknown as { path: string } | undefined)?.path;
    await waitFor(() => expect(shown()).toBe('/companies/c1/entities/k1/statement'));

    rerender({ id: 'k1', period: { from: '2026-02-01', to: '2026-02-28' } });
    await waitFor(() =>
      expect(shown()).toBe('/companies/c1/entities/k1/statement?from=2026-02-01&to=2026-02-28'),
    );

    // From after To: nothing asked, February stays on the screen.
    rerender({ id: 'k1', period: { from: '2026-03-01', to: '2026-02-28' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toHaveLength(2);
    expect(shown()).toBe('/companies/c1/entities/k1/statement?from=2026-02-01&to=2026-02-28');

    // Another client never shows this one's statement while its own loads.
    rerender({ id: 'k2', period: { from: '', to: '2026-02-28' } });
    expect(shown()).toBeUndefined();
    await waitFor(() => expect(shown()).toBe('/companies/c1/entities/k2/statement?to=2026-02-28'));
  });
});
