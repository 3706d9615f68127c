import { OFFLINE_MESSAGE } from '@fieldbook/core';

/*
 * The specification's developer message (operations §8), said once per spell
 * without a network: a reload while still offline does not say it again (the
 * browser remembers), and only an answer from the server ends the spell (the
 * browser's online and offline events can flap while the network is gone).
 */

const TOLD = 'fieldbook.offlineTold';

export function tellOffline(online: boolean): void {
  if (online || localStorage.getItem(TOLD)) return;
  localStorage.setItem(TOLD, '1');
  console.info(OFFLINE_MESSAGE);
}

/** The server answered: the next spell without a network is told again. */
export function networkWorked(): void {
  localStorage.removeItem(TOLD);
}
