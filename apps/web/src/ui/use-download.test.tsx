// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useDownload } from './use-download';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('a download', () => {
  it('is busy until the file is handed over, and says nothing when it works', async () => {
    let finish!: () => void;
    const download = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { result } = renderHook(() => useDownload(download));
    expect(result.current.busy).toBe(false);
    let done!: Promise<void>;
    act(() => {
      done = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBe(false);
    expect(download).toHaveBeenCalledTimes(1);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('says why it failed in a red notice and is ready again', async () => {
    const { result } = renderHook(() =>
      useDownload(() => Promise.reject(new Error('Too many rows'))),
    );
    await act(() => result.current.run());
    expect(notifications.show).toHaveBeenCalledWith({
      color: 'red',
      title: 'Not downloaded',
      message: 'Too many rows',
    });
    expect(result.current.busy).toBe(false);
  });
});

describe('a download with choices', () => {
  it('passes what it is run with, and names its failure as asked', async () => {
    const download = vi.fn(async (format: string) => {
      if (format === 'xero') throw new Error('No invoices');
    });
    const { result } = renderHook(() => useDownload(download, 'Not done'));
    await act(() => result.current.run('sage'));
    await act(() => result.current.run('xero'));
    expect(download.mock.calls).toEqual([['sage'], ['xero']]);
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledWith({
      color: 'red',
      title: 'Not done',
      message: 'No invoices',
    });
  });
});
