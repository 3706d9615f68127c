/*
 * How many changes wait on the phone, apart from the outbox itself (no
 * IndexedDB or core here): the top bar's Log out asks with it, and the shell
 * stays light (scripts/js-budget.mjs).
 */

let size = 0;
const listeners = new Set<() => void>();

/** Changes on the phone not yet on the server (conflicts and refusals included). */
export const outboxSize = () => size;

export function setOutboxSize(n: number): void {
  size = n;
  listeners.forEach((l) => l());
}

export function subscribeOutboxSize(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
