// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import { useCompanyCreditNotes, useRefunds } from './use-credit-notes';

vi.mock('../app/company-context', () => ({ useCurrentCompany: () => ({ companyId: 'c1' }) }));

/** A stand-in server: one note owing R172.50, and the refunds recorded against it. */
const server = vi.hoisted(() => ({ refunded: 0, calls: [] as string[] }));
const note = () => ({
  _id: 'n1',
  number: 'CN00001',
  excess: 172.5,
  refunded: server.refunded,
  refunds: server.refunded ? [{ _id: 'r1', amount: server.refunded }] : [],
});
vi.mock('./api-client', () => ({
  apiGet: vi.fn(async (path: string) => {
    server.calls.push(`GET ${path}`);
    return { notes: [note()], more: false };
  }),
  apiPost: vi.fn(async (path: string, body: { amount?: number }) => {
    server.calls.push(`POST ${path}`);
    server.refunded = path.endsWith('/delete') ? 0 : (body.amount ?? 0);
    return note();
  }),
}));

describe('the credit note hooks', () => {
  it("list the period's notes, and a refund recorded or removed reloads them", async () => {
    const client = testQueryClient();
    const { result } = renderHook(
      () => ({
        list: useCompanyCreditNotes({ from: '2026-03-01', to: '2027-02-28' }),
        refunds: useRefunds('n1'),
      }),
      { wrapper: queryWrapper(client) },
    );
    await waitFor(() => expect(result.current.list.data?.notes[0]?.refunded).toBe(0));
    expect(server.calls[0]).toBe('GET /companies/c1/credit-notes?from=2026-03-01&to=2027-02-28');
    await act(async () => {
      await result.current.refunds.record.mutateAsync({ amount: 100 });
    });
    await waitFor(() => expect(result.current.list.data?.notes[0]?.refunded).toBe(100));
    expect(server.calls).toContain('POST /companies/c1/credit-notes/n1/refunds');
    await act(async () => {
      await result.current.refunds.remove.mutateAsync('r1');
    });
    await waitFor(() => expect(result.current.list.data?.notes[0]?.refunded).toBe(0));
    expect(server.calls).toContain('POST /companies/c1/credit-notes/n1/refunds/r1/delete');
  });
});
