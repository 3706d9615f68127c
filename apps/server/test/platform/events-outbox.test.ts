import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../../src/platform/events.js';
import { OUTBOX_MAX, createOutbox } from '../../src/platform/events-outbox.js';

const revoke = (userId: string): BusMessage => ({ a: { kind: 'user', userId } });
const push = (id: string): BusMessage => ({
  e: { companyId: 'c', name: 'invoicesChanged', ids: [id] },
});

/** A channel that refuses while `down` and records what it took; `took` resolves at each send. */
function channel() {
  const sent: BusMessage[] = [];
  const state = { down: false, tries: 0 };
  let wake: () => void = () => {};
  const next = () => new Promise<void>((r) => (wake = r));
  return {
    sent,
    state,
    next,
    send(m: BusMessage) {
      state.tries++;
      const w = wake;
      w();
      if (state.down) return Promise.reject(new Error('connection terminated'));
      sent.push(m);
      return Promise.resolve();
    },
  };
}

describe('the events outbox', () => {
  it('sends in order', async () => {
    const ch = channel();
    const box = createOutbox({ send: (m) => ch.send(m), log: () => {} });
    box.push(revoke('1'));
    box.push(push('2'));
    await box.flush();
    expect(ch.sent).toEqual([revoke('1'), push('2')]);
    expect(box.size()).toBe(0);
  });

  it('keeps a revocation that could not be sent and tries again until it goes, in order', async () => {
    const ch = channel();
    const logs: string[] = [];
    const box = createOutbox({ send: (m) => ch.send(m), log: (l) => logs.push(l), retryMs: 5 });
    ch.state.down = true;
    const tried = ch.next();
    box.push(revoke('1'));
    box.push(revoke('2'));
    await tried;
    // Tried again with back-off while it stays down.
    while (ch.state.tries < 3) await ch.next();
    expect(ch.sent).toEqual([]);
    expect(box.size()).toBe(2);
    expect(logs[0]).toMatch(/could not send \(connection terminated\); trying again/);
    ch.state.down = false;
    while (ch.sent.length < 2) await ch.next();
    expect(ch.sent).toEqual([revoke('1'), revoke('2')]);
    await box.close();
  });

  it('when too much waits, drops pushes first, then folds revocations into one "all"', async () => {
    const ch = channel();
    ch.state.down = true;
    const box = createOutbox({ send: (m) => ch.send(m), log: () => {}, retryMs: 60_000 });
    box.push(revoke('first'));
    for (let i = 1; i < OUTBOX_MAX; i++) box.push(push(String(i)));
    expect(box.size()).toBe(OUTBOX_MAX);
    box.push(revoke('last'));
    expect(box.size()).toBe(2);
    for (let i = 2; i < OUTBOX_MAX; i++) box.push(revoke(String(i)));
    box.push(revoke('over'));
    expect(box.size()).toBe(2);
    // The first try (made at the first push) has failed; the next one finds the way open.
    await box.flush();
    ch.state.down = false;
    await box.flush();
    expect(ch.sent).toEqual([{ a: { kind: 'all' } }, revoke('over')]);
    await box.close();
  });

  it('on close, tries once more what waits', async () => {
    const ch = channel();
    ch.state.down = true;
    const box = createOutbox({ send: (m) => ch.send(m), log: () => {}, retryMs: 60_000 });
    box.push(revoke('1'));
    await box.flush();
    ch.state.down = false;
    await box.close();
    expect(ch.sent).toEqual([revoke('1')]);
  });
});
