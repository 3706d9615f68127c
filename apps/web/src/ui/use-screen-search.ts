import { useCallback, useContext } from 'react';
import {
  createSearchParams,
  UNSAFE_NavigationContext,
  useLocation,
  useNavigate,
  useSearchParams,
  type SetURLSearchParams,
} from 'react-router';

/**
 * React Router's `useSearchParams`, with a setter that writes over the address
 * the browser is at now, not the one this screen last rendered, and does nothing
 * once the user has left the screen.
 *
 * A navigation is a React transition: while the next screen's code loads (or
 * this one redraws), the screen stays mounted with its old location and its
 * effects still run. React Router's own setter resolves a write against that
 * old location, so a write-back then (the board settling on its job type once
 * the types arrive) replaced the new address: the user who clicked Invoices was
 * pulled back to the board (the invoices journey failed so on a loaded CI
 * machine), and a job just opened on the board (`?job=`) would have closed.
 * Now a write to another screen's address is dropped, and a write on this
 * screen starts from the history's current search, so it keeps what a click
 * just put there (and two quick writes both count).
 */
export function useScreenSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const write = useCallback<SetURLSearchParams>(
    (next, options) => {
      // The router's history knows where the browser is now; the rendered location lags behind.
      const now = (navigator as { location?: { pathname: string; search: string } }).location;
      if (now && now.pathname !== pathname) return;
      const current = now ? new URLSearchParams(now.search) : new URLSearchParams(params);
      const value = createSearchParams(typeof next === 'function' ? next(current) : next);
      void navigate({ pathname, search: `?${value.toString()}` }, options);
    },
    [navigator, pathname, navigate, params],
  );
  return [params, write];
}
