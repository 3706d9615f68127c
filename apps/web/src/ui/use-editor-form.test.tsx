// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { MemoryRouter } from 'react-router';
import { ApiError } from '../api/api-client';
import { appHistory } from '../app/blocking-history';
import { useEditorForm, type EditorFormOptions } from './use-editor-form';

vi.mock('@mantine/modals', () => ({ modals: { openConfirmModal: vi.fn() } }));

interface Doc {
  name: string;
}
interface Values {
  name: string;
}

type Extra = Partial<EditorFormOptions<Values, Doc, { _id: string }>>;

function setup(source: Doc | undefined, extra: Extra = {}) {
  const toValues = vi.fn((d: Doc) => ({ name: d.name }));
  const save = extra.save ?? vi.fn(async () => ({ _id: 'd1' }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>{children}</MemoryRouter>
  );
  const hook = renderHook(
    ({ doc, hold }: { doc: Doc | undefined; hold?: boolean }) => {
      const form = useForm<Values>({
        initialValues: { name: '' },
        validate: { name: (v) => (v.trim() ? null : 'Name is required') },
      });
      const editor = useEditorForm({ ...extra, form, source: doc, toValues, save, hold });
      return { form, editor };
    },
    { wrapper, initialProps: { doc: source } as { doc: Doc | undefined; hold?: boolean } },
  );
  return { ...hook, toValues, save };
}

describe('the editor form hook', () => {
  it('fills the form from the loaded object once, as the clean baseline', () => {
    const doc = { name: 'Ann' };
    const { result, rerender, toValues } = setup(undefined);
    expect(result.current.form.getValues()).toEqual({ name: '' });
    rerender({ doc });
    rerender({ doc });
    rerender({ doc });
    expect(result.current.form.getValues()).toEqual({ name: 'Ann' });
    expect(result.current.form.isDirty()).toBe(false);
    expect(toValues).toHaveBeenCalledTimes(1);
    // The baseline is the loaded object: an edit back to it is clean again.
    act(() => result.current.form.setFieldValue('name', 'Bea'));
    expect(result.current.form.isDirty()).toBe(true);
    act(() => result.current.form.reset());
    expect(result.current.form.getValues()).toEqual({ name: 'Ann' });
  });

  it("refills from a refetch's new object while the form is clean", () => {
    const { result, rerender } = setup({ name: 'Ann' });
    rerender({ doc: { name: 'Ann B' } });
    expect(result.current.form.getValues()).toEqual({ name: 'Ann B' });
    expect(result.current.form.isDirty()).toBe(false);
  });

  it('never refills over edits in progress, nor while held', () => {
    const { result, rerender } = setup({ name: 'Ann' });
    act(() => result.current.form.setFieldValue('name', 'Mine'));
    rerender({ doc: { name: 'Theirs' } });
    expect(result.current.form.getValues()).toEqual({ name: 'Mine' });

    const held = setup({ name: 'Ann' });
    held.rerender({ doc: { name: 'Later' }, hold: true });
    expect(held.result.current.form.getValues()).toEqual({ name: 'Ann' });
    // Once the hold ends (edit mode left), the waiting object fills the form.
    held.rerender({ doc: { name: 'Later' }, hold: false });
    expect(held.result.current.form.getValues()).toEqual({ name: 'Later' });
  });

  it("puts the server's refused fields on the form and keeps the error", async () => {
    const refused = new ApiError('Invalid', 400, { name: 'Name is taken' });
    const onFieldErrors = vi.fn();
    const onFailed = vi.fn();
    const { result } = setup(
      { name: 'Ann' },
      {
        save: vi.fn(async () => {
          throw refused;
        }),
        onFieldErrors,
        onFailed,
      },
    );
    let done: unknown;
    await act(async () => {
      done = await result.current.editor.submit();
    });
    expect(done).toBeNull();
    expect(result.current.form.errors).toEqual({ name: 'Name is taken' });
    expect(result.current.editor.error).toBe(refused);
    expect(onFieldErrors).toHaveBeenCalledWith({ name: 'Name is taken' });
    expect(onFailed).toHaveBeenCalledWith(refused);
  });

  it("with fieldErrors 'box' leaves the server's refused fields off the form, for the box above it", async () => {
    const refused = new ApiError('Name is taken', 400, { name: 'Name is taken' });
    const onFieldErrors = vi.fn();
    const { result } = setup(
      { name: 'Ann' },
      {
        fieldErrors: 'box',
        save: vi.fn(async () => {
          throw refused;
        }),
        onFieldErrors,
      },
    );
    await act(async () => {
      await result.current.editor.submit();
    });
    expect(result.current.form.errors).toEqual({});
    expect(onFieldErrors).not.toHaveBeenCalled();
    expect(result.current.editor.error).toBe(refused);
    // The form's own rules still show under their fields.
    act(() => result.current.form.setFieldValue('name', ' '));
    await act(async () => {
      await result.current.editor.submit();
    });
    expect(result.current.form.errors).toEqual({ name: 'Name is required' });
  });

  it("checks the form's own rules before saving", async () => {
    const { result, save } = setup({ name: 'Ann' });
    act(() => result.current.form.setFieldValue('name', ' '));
    await act(async () => {
      await result.current.editor.submit();
    });
    expect(save).not.toHaveBeenCalled();
    expect(result.current.form.errors).toEqual({ name: 'Name is required' });
  });

  it('saves the values and makes them the clean baseline', async () => {
    const onSaved = vi.fn();
    const { result, save } = setup({ name: 'Ann' }, { onSaved });
    act(() => result.current.form.setFieldValue('name', 'Bea'));
    expect(result.current.form.isDirty()).toBe(true);
    let done: unknown;
    await act(async () => {
      done = await result.current.editor.submit();
    });
    expect(save).toHaveBeenCalledWith({ name: 'Bea' });
    expect(done).toEqual({ saved: { _id: 'd1' } });
    expect(onSaved).toHaveBeenCalledWith({ _id: 'd1' }, { name: 'Bea' });
    expect(result.current.form.isDirty()).toBe(false);
    // Discarding after the save keeps what was saved.
    act(() => result.current.form.reset());
    expect(result.current.form.getValues()).toEqual({ name: 'Bea' });
  });

  it("takes the server's version as the baseline when onSaved returns one", async () => {
    const { result } = setup({ name: 'Ann' }, { onSaved: () => ({ name: 'BEA' }) });
    act(() => result.current.form.setFieldValue('name', 'Bea'));
    await act(async () => {
      await result.current.editor.submit();
    });
    expect(result.current.form.getValues()).toEqual({ name: 'BEA' });
    expect(result.current.form.isDirty()).toBe(false);
  });

  it('guards leaving only when the editor says its edits are unsaved (a modal never asks)', () => {
    const setBlocker = vi.spyOn(appHistory, 'setBlocker');
    const modal = setup({ name: 'Ann' });
    act(() => modal.result.current.form.setFieldValue('name', 'Bea'));
    expect(setBlocker).not.toHaveBeenCalled();

    const page = setup({ name: 'Ann' }, { unsaved: true });
    expect(setBlocker).toHaveBeenCalledWith(
      expect.objectContaining({ onBlocked: expect.any(Function) }),
    );
    page.unmount();
    expect(setBlocker).toHaveBeenLastCalledWith(null);
    setBlocker.mockRestore();
  });
});
