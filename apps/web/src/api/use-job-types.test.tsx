// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { TAppointmentType } from '@fieldbook/core';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import { useJobTypes, useSaveJobType } from './use-job-types';

vi.mock('../app/company-context', () => ({ useCurrentCompany: () => ({ companyId: 'c1' }) }));

const server = vi.hoisted(() => ({ types: [] as unknown[] }));
vi.mock('./api-client', () => ({
  apiGet: vi.fn(async () => structuredClone(server.types)),
  apiPost: vi.fn(async (_path: string, body: { name: string; statuses: unknown }) => {
    server.types = [{ ...(server.types[0] as object), ...body }];
    return { _id: 't1' };
  }),
  apiUpload: vi.fn(),
}));

const type = (statuses: string[]) =>
  ({ _id: 't1', name: 'Repair', order: 0, statuses }) as unknown as TAppointmentType;

describe('the job types after a save in the designer', () => {
  // The board, job modal, calendar and recurring screens once read the types
  // through a second hook under another key: a save here left them stale for
  // up to 30 s. One hook, one key: the designer's refresh reaches them all.
  it('reach every screen (board, job modal, calendar, recurring) at once, not 30 s later', async () => {
    server.types = [type(['Open', 'Done'])];
    const client = testQueryClient();
    const { result } = renderHook(
      () => ({ board: useJobTypes(), designer: useJobTypes(true), save: useSaveJobType() }),
      { wrapper: queryWrapper(client) },
    );
    await waitFor(() => expect(result.current.board.data).toHaveLength(1));
    await waitFor(() => expect(result.current.designer.data).toHaveLength(1));

    await act(async () => {
      await result.current.save.save.mutateAsync({
        statuses: ['Open', 'Waiting', 'Done'],
      } as never);
      await result.current.save.refresh();
    });

    // TanStack Query tells React on its next tick (notifyManager): waited for, within
    // waitFor's second, far from the 30 s the second key took.
    await waitFor(() =>
      expect(result.current.designer.data?.[0]?.statuses).toEqual(['Open', 'Waiting', 'Done']),
    );
    await waitFor(() =>
      expect(result.current.board.data?.[0]?.statuses).toEqual(['Open', 'Waiting', 'Done']),
    );
  });
});
