import { describe, expect, it } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  SIGNED_IN_ATTRIBUTE,
  SIGNED_IN_HINT_SCRIPT,
  SIGNED_IN_HINT_STYLE,
} from './prerender.js';

describe('the prerendered pages’ signed-in hint', () => {
  it('marks <html> while a session is kept, and the style hides the root then', () => {
    const set: string[] = [];
    const run = new Function('localStorage', 'document', SIGNED_IN_HINT_SCRIPT);
    const doc = { documentElement: { setAttribute: (name: string) => set.push(name) } };
    run({ getItem: (k: string) => (k === SESSION_STORAGE_KEY ? '{"token":"t"}' : null) }, doc);
    expect(set).toEqual([SIGNED_IN_ATTRIBUTE]);
    run({ getItem: () => null }, doc);
    expect(set).toEqual([SIGNED_IN_ATTRIBUTE]);
    expect(SIGNED_IN_HINT_STYLE).toBe(`html[${SIGNED_IN_ATTRIBUTE}] #root{visibility:hidden}`);
  });

  it('does not throw where storage is refused (a private window)', () => {
    const run = new Function('localStorage', 'document', SIGNED_IN_HINT_SCRIPT);
    const refused = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => run(refused, {})).not.toThrow();
  });
});
