import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Start each new screen at the top, as a multi-page site would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
