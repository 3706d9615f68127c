import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_META,
  APP_LOADER_SCRIPT,
  PRERENDERED_INLINE_SCRIPTS,
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

describe('the prerendered pages’ app loader', () => {
  /** Runs the loader against a page whose <html> is or is not marked signed in. */
  function page(signedIn: boolean, meta = true) {
    const appended: { type: string; src: string; crossOrigin: string | null }[] = [];
    const listeners: Record<string, () => void> = {};
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = {
      documentElement: { hasAttribute: (n: string) => signedIn && n === SIGNED_IN_ATTRIBUTE },
      querySelector: (q: string) =>
        meta && q === `meta[name="${APP_ENTRY_META}"]` ? { content: '/assets/index-A1.js' } : null,
      createElement: () => ({ type: '', src: '', crossOrigin: null }),
      head: { appendChild: (s: (typeof appended)[number]) => appended.push(s) },
    };
    new Function(
      'document',
      'addEventListener',
      'requestAnimationFrame',
      'setTimeout',
      APP_LOADER_SCRIPT,
    )(
      document,
      (name: string, f: () => void) => (listeners[name] = f),
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    return { appended, listeners, frames, timers };
  }

  it('asks for the app only after the page has loaded and been drawn', () => {
    const p = page(false);
    expect(p.appended).toEqual([]);
    p.listeners.load!();
    expect(p.appended).toEqual([]);
    p.frames.shift()!();
    expect(p.appended).toEqual([]);
    p.timers.shift()!();
    expect(p.appended).toEqual([{ type: 'module', src: '/assets/index-A1.js', crossOrigin: '' }]);
  });

  it('asks at once for a kept session, whose visitor sees nothing until the app is there', () => {
    const p = page(true);
    expect(p.appended).toEqual([{ type: 'module', src: '/assets/index-A1.js', crossOrigin: '' }]);
    expect(p.listeners).toEqual({});
  });

  it('does nothing on a page without the address', () => {
    const p = page(false, false);
    expect(p.listeners).toEqual({});
    expect(p.appended).toEqual([]);
  });

  it('is one of the inline scripts the CSP allows, with the signed-in hint', () => {
    expect(PRERENDERED_INLINE_SCRIPTS).toEqual([SIGNED_IN_HINT_SCRIPT, APP_LOADER_SCRIPT]);
    expect(APP_LOADER_SCRIPT).toContain(`meta[name="${APP_ENTRY_META}"]`);
    expect(APP_LOADER_SCRIPT).toContain(`'${SIGNED_IN_ATTRIBUTE}'`);
  });
});
