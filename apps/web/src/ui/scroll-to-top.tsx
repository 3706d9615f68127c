import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Start each new screen at the top, as a multi-page site would. Only on a change of
 * screen: the first screen keeps where the browser put it (a prerendered page the
 * visitor has already scrolled, or a reload's restored position).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
