/*
 * How many changes wait on the phone, apart from the outbox itself (no
 * IndexedDB or core here): the top bar's Log out asks with it, and the shell
 * stays light (scripts/js-budget.mjs).
 */

let size = 0;
/** Bumped at every change of the outbox, also one that leaves its size (a patch merged in). */
let version = 0;
const listeners = new Set<() => void>();

/** Changes on the phone not yet on the server (conflicts and refusals included). */
export const outboxSize = () => size;

/** A number that changes whenever the outbox does. */
export const outboxVersion = () => version;

export function setOutboxSize(n: number): void {
  size = n;
  version += 1;
  listeners.forEach((l) => l());
}

export function subscribeOutboxSize(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
