// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import type { MemberAccess } from '@fieldbook/core';
import { AppSidebar } from './app-sidebar';

const company = vi.hoisted(() => ({
  state: { loading: true, member: null as MemberAccess | null, company: null },
}));
vi.mock('./company-context', () => ({ useCurrentCompany: () => company.state }));
vi.mock('./use-session', () => ({ useCurrentUser: () => ({ rank: 'super' }) }));
vi.mock('../api/use-chat', () => ({ useUnreadTotal: () => 0 }));
vi.mock('../api/use-dashboard', () => ({ useDashboard: () => ({ data: undefined }) }));
vi.mock('../api/use-notifications', () => ({ useNotifications: () => ({ data: undefined }) }));

const OWNER: MemberAccess = { isOwner: true, disabled: false, rights: null };

function show() {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <AppSidebar onNavigate={() => {}} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the sidebar', () => {
  afterEach(cleanup);

  it('shows no link while the rights load, then the whole menu at once', () => {
    company.state = { loading: true, member: null, company: null };
    const view = show();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Document Templates' })).toBeNull();
    screen.getByLabelText('Loading the menu');

    company.state = { loading: false, member: OWNER, company: null };
    view.rerender(
      <MantineProvider>
        <MemoryRouter>
          <AppSidebar onNavigate={() => {}} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toContain('Document Templates');
    expect(links).toContain('Invoices');
    expect(links.indexOf('Invoices')).toBeLessThan(links.indexOf('Document Templates'));
    expect(screen.queryByLabelText('Loading the menu')).toBeNull();
  });
});
