import { useEffect, useRef } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, type Location } from 'react-router';

/** Asks before a navigation away; `proceed` carries it out, not calling it stays put. */
export type OnBlocked = (proceed: () => void) => void;

interface Blocker {
  shouldBlock: (from: Location, to: Location) => boolean;
  onBlocked: OnBlocked;
}

type History = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<History['listen']>[0];

/**
 * The browser history of the app's router, with one blocker: links and
 * navigate() calls are held before they happen; Back and Forward are undone
 * and replayed if the blocker proceeds. (React Router's useBlocker needs its
 * data router, about 17 KB gzipped more in the first download.)
 */
export function createBlockingHistory(): { history: History; setBlocker(b: Blocker | null): void } {
  const base = createBrowserHistory({ v5Compat: true });
  let blocker: Blocker | null = null;
  // A Back/Forward we undo ourselves, and one we replay after the blocker proceeded.
  let undoing = false;
  let replaying = false;

  const held = (method: 'push' | 'replace'): History['push'] =>
    ((to, state) => {
      const next = base.createURL(to);
      const location = { ...base.location, pathname: next.pathname, search: next.search };
      if (blocker?.shouldBlock(base.location, location))
        blocker.onBlocked(() => base[method](to, state));
      else base[method](to, state);
    }) as History['push'];

  const history: History = {
    ...base,
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    push: held('push'),
    replace: held('replace'),
    listen(fn: Listener) {
      let shown = base.location;
      return base.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        const delta = update.delta ?? 0;
        if (
          update.action === 'POP' &&
          !replaying &&
          delta !== 0 &&
          blocker?.shouldBlock(shown, update.location)
        ) {
          undoing = true;
          base.go(-delta);
          blocker.onBlocked(() => {
            replaying = true;
            base.go(delta);
          });
          return;
        }
        replaying = false;
        shown = update.location;
        fn(update);
      });
    },
  };
  return { history, setBlocker: (b) => (blocker = b) };
}

export const appHistory = createBlockingHistory();

/** Whether going from one location to another leaves the screen. */
export type Leaves = (from: Location, to: Location) => boolean;

const otherPath: Leaves = (from, to) => from.pathname !== to.pathname;

/**
 * While `when`, leaving this path (a link, navigate(), Back) calls `onBlocked`
 * first; `leaves` says what counts as leaving (by default another path).
 */
export function useNavigationBlocker(when: boolean, onBlocked: OnBlocked, leaves = otherPath) {
  const ask = useRef(onBlocked);
  const isLeaving = useRef(leaves);
  useEffect(() => {
    ask.current = onBlocked;
    isLeaving.current = leaves;
  });
  useEffect(() => {
    if (!when) return;
    appHistory.setBlocker({
      shouldBlock: (from, to) => isLeaving.current(from, to),
      onBlocked: (proceed) => ask.current(proceed),
    });
    return () => appHistory.setBlocker(null);
  }, [when]);
}
