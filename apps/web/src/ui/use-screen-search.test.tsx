// @vitest-environment happy-dom
import { useContext, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, UNSAFE_NavigationContext, useLocation } from 'react-router';
import { useScreenSearchParams } from './use-screen-search';

function setup() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/statuses']}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params, setParams] = useScreenSearchParams();
      const { navigator } = useContext(UNSAFE_NavigationContext);
      const { pathname, search } = useLocation();
      return { params, setParams, navigator, at: pathname + search };
    },
    { wrapper },
  );
}

describe('the screen search parameters', () => {
  it('are written while the screen is shown', () => {
    const { result } = setup();
    act(() => result.current.setParams({ types: 'a' }, { replace: true }));
    expect(result.current.at).toBe('/statuses?types=a');
    expect(result.current.params.get('types')).toBe('a');
  });

  it("start from the history's search, so a write keeps what a click on this screen just put there", () => {
    const { result } = setup();
    act(() => {
      // The job modal opened (?job=new), the screen not yet redrawn; the board writes back its type.
      result.current.navigator.push('/statuses?job=new');
      result.current.setParams(
        (p) => {
          p.set('types', 'a');
          return p;
        },
        { replace: true },
      );
    });
    expect(result.current.at).toBe('/statuses?job=new&types=a');
  });

  it('are not written once the history has moved on to another screen', () => {
    const { result } = setup();
    act(() => {
      // A menu click: the history is at /invoices, the screen still rendered (a transition).
      result.current.navigator.push('/invoices');
      result.current.setParams({ types: 'a' }, { replace: true });
    });
    expect(result.current.at).toBe('/invoices');
  });
});
