// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, useLocation } from 'react-router';
import { ApiError } from '../api/api-client';
import { useRecordEditor } from './use-record-editor';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// Every question is answered yes at once.
vi.mock('@mantine/modals', () => ({
  modals: { openConfirmModal: (o: { onConfirm: () => void }) => o.onConfirm() },
}));

interface Rec {
  _id: string;
  name: string;
}
const toValues = (r: Rec) => ({ name: r.name });

function setup(record: Rec | null, save = vi.fn(async () => ({ _id: 'new1' }))) {
  const remove = vi.fn((_id: string, cb: { onSuccess: () => void }) => cb.onSuccess());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/clients/x']}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    ({ rec }: { rec: Rec | null }) => {
      const form = useForm({ initialValues: rec ? toValues(rec) : { name: '' } });
      const editor = useRecordEditor({
        form,
        record: rec,
        toValues,
        save,
        remove,
        noun: 'Client',
        listPath: '/clients',
        detailPath: (id) => `/clients/${id}`,
      });
      return { form, editor, path: useLocation().pathname };
    },
    { wrapper, initialProps: { rec: record } },
  );
  return { ...hook, save, remove };
}

const submit = (r: { current: { editor: { onSubmit: (e: never) => void } } }) =>
  act(async () => r.current.editor.onSubmit({ preventDefault() {} } as never));

describe('the record editor', () => {
  it('opens a saved record view-only and a new one in edit', () => {
    expect(setup({ _id: 'c1', name: 'Ann' }).result.current.editor.editing).toBe(false);
    expect(setup(null).result.current.editor.editing).toBe(true);
  });

  it('saves, says so, returns to view-only and goes to the new record', async () => {
    const { result, save } = setup(null);
    act(() => result.current.form.setFieldValue('name', 'Bea'));
    await submit(result);
    expect(save).toHaveBeenCalledWith({ name: 'Bea' });
    expect(notifications.show).toHaveBeenCalledWith({ color: 'green', message: 'Client saved' });
    expect(result.current.editor.editing).toBe(false);
    expect(result.current.path).toBe('/clients/new1');
  });

  it("puts the server's fields on the form and stays in edit when the save is refused", async () => {
    const refuse = vi.fn(async () => {
      throw new ApiError('Invalid', 400, { name: 'Name is required' });
    });
    const { result } = setup({ _id: 'c1', name: 'Ann' }, refuse);
    act(() => result.current.editor.edit());
    await submit(result);
    expect(result.current.form.errors).toEqual({ name: 'Name is required' });
    expect(result.current.editor.editing).toBe(true);
    expect(result.current.editor.error).toBeInstanceOf(ApiError);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('cancels edits back to the loaded values; a new record goes back to the list', () => {
    const { result } = setup({ _id: 'c1', name: 'Ann' });
    act(() => result.current.editor.edit());
    act(() => result.current.form.setFieldValue('name', 'Changed'));
    act(() => result.current.editor.cancel());
    expect(result.current.form.getValues()).toEqual({ name: 'Ann' });
    expect(result.current.editor.editing).toBe(false);

    const fresh = setup(null);
    act(() => fresh.result.current.editor.cancel());
    expect(fresh.result.current.path).toBe('/clients');
  });

  it('refills the form from a refetch, but never over edits in progress', () => {
    const { result, rerender } = setup({ _id: 'c1', name: 'Ann' });
    rerender({ rec: { _id: 'c1', name: 'Ann B' } });
    expect(result.current.form.getValues()).toEqual({ name: 'Ann B' });
    act(() => result.current.editor.edit());
    act(() => result.current.form.setFieldValue('name', 'Mine'));
    rerender({ rec: { _id: 'c1', name: 'Theirs' } });
    expect(result.current.form.getValues()).toEqual({ name: 'Mine' });
  });

  it('deletes after the question, says so and goes to the list', () => {
    const { result, remove } = setup({ _id: 'c1', name: 'Ann' });
    act(() => result.current.editor.askDelete());
    expect(remove).toHaveBeenCalledWith('c1', expect.anything());
    expect(notifications.show).toHaveBeenCalledWith({ color: 'green', message: 'Client deleted' });
    expect(result.current.path).toBe('/clients');
  });
});
