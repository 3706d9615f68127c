import { useState } from 'react';
import { notifications } from '@mantine/notifications';

/**
 * Fetches a file and hands it to the browser (`download`, with what `run` is
 * given): `busy` while it runs, and a red notice (`failTitle`) saying why when
 * it fails. The one way a screen downloads a CSV or a file.
 */
export function useDownload<A extends unknown[]>(
  download: (...args: A) => Promise<void>,
  failTitle = 'Not downloaded',
) {
  const [busy, setBusy] = useState(false);
  const run = async (...args: A) => {
    setBusy(true);
    try {
      await download(...args);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: failTitle,
        message: e instanceof Error ? e.message : 'Please try again',
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
