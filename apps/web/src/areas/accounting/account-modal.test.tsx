// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ApiError } from '../../api/api-client';
import { AccountModal } from './account-modal';

const mutateAsync = vi.fn();
vi.mock('../../api/use-accounting', () => ({
  useSaveLedgerAccount: () => ({ mutateAsync, isPending: false }),
}));
vi.mock('../../ui/use-phone', () => ({ usePhone: () => false }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

function open() {
  return render(
    <MantineProvider>
      <AccountModal account={null} onClose={() => {}} />
    </MantineProvider>,
  );
}

describe('the account modal', () => {
  afterEach(cleanup);

  it('names a missing name under its field, before any round trip', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in red above the form, not under the field (spec §8)", async () => {
    mutateAsync.mockRejectedValueOnce(
      new ApiError('An account with this code already exists', 400, {
        account: 'An account with this code already exists',
      }),
    );
    open();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Installations' } });
    fireEvent.change(screen.getByLabelText('Account code'), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An account with this code already exists');
    await waitFor(() =>
      expect(screen.getAllByText('An account with this code already exists')).toHaveLength(1),
    );
    expect(screen.getByLabelText('Account code').getAttribute('aria-invalid')).not.toBe('true');
  });
});
