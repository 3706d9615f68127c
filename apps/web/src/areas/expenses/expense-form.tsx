import { useEffect, useState } from 'react';
import { Button, Grid, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DEFAULT_TIME_ZONE, can, todayIn, type TExpense } from '@fieldbook/core';
import { useDeleteExpense, useSaveExpense, useSupplierOptions } from '../../api/use-expenses';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDelete } from '../../ui/confirm';
import { PageHeader } from '../../ui/page-header';
import { ErrorAlert } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';
import { ExpenseFields } from './expense-fields';
import { ExpensePhoto, NO_PHOTO_CHANGE, type PhotoState } from './expense-photo';
import { ExpenseView } from './expense-view';
import {
  expenseToValues,
  expenseValidation,
  newExpenseValues,
  valuesToSave,
  withFieldLabel,
  type ExpenseValues,
} from './expense-values';

/**
 * One expense: view first, then Edit (a new one starts in edit). Delete is
 * offered for a saved expense in edit mode only (spec §4).
 */
export function ExpenseForm({ expense }: { expense?: TExpense }) {
  const { company, member } = useCurrentCompany();
  const navigate = useNavigate();
  const suppliers = useSupplierOptions();
  const save = useSaveExpense();
  const remove = useDeleteExpense();
  const [editing, setEditing] = useState(!expense);
  const [photo, setPhoto] = useState<PhotoState>(NO_PHOTO_CHANGE);
  // Where to go once the form is clean (the unsaved-changes guard would stop it before).
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  const form = useForm<ExpenseValues>({
    initialValues: expense
      ? expenseToValues(expense)
      : newExpenseValues(todayIn(company?.timeZone ?? DEFAULT_TIME_ZONE)),
    validate: expenseValidation,
  });
  const dirty = editing && (form.isDirty() || photo !== NO_PHOTO_CHANGE);
  // A saved expense refetched after a save refills the form, never in the middle of an edit.
  const editor = useEditorForm({
    form,
    source: expense,
    toValues: expenseToValues,
    hold: editing,
    save: (values) => {
      save.reset();
      return save.mutateAsync({
        data: valuesToSave(values, expense, photo.removed && !photo.file),
        photo: photo.file,
      });
    },
    onSaved: () => {
      setPhoto(NO_PHOTO_CHANGE);
      setEditing(false);
      notifications.show({ color: 'green', message: 'Expense saved' });
    },
    unsaved: dirty,
  });

  /** Validate and save; the saved expense's id, or null. The caller decides where to go next. */
  const submit = async (): Promise<string | null> => (await editor.submit())?.saved._id ?? null;

  // After the guard above has seen the clean form.
  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo, { replace: true });
  }, [leaveTo, dirty, navigate]);

  const onSave = async () => {
    const id = await submit();
    if (id && !expense) setLeaveTo(`/expenses/${id}`);
  };

  const onCancel = () => {
    form.reset();
    form.clearErrors();
    setPhoto(NO_PHOTO_CHANGE);
    save.reset();
    if (expense) setEditing(false);
    else setLeaveTo('/expenses');
  };

  const onDelete = () =>
    confirmDelete(() => {
      if (!expense) return;
      remove.mutate(expense._id, {
        onSuccess: () => {
          form.resetDirty();
          setPhoto(NO_PHOTO_CHANGE);
          setEditing(false);
          notifications.show({ color: 'green', message: 'Expense deleted' });
          setLeaveTo('/expenses');
        },
      });
    }, 'Are you sure you want to delete this expense?');

  const title = expense ? `Expense ${expense.expenseNumber}` : 'New expense';
  const supplierList = suppliers.data ?? [];
  const actions = editing ? (
    <>
      {expense && can(member, 'expenses', 'd') && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          loading={remove.isPending}
          onClick={onDelete}
        >
          Delete
        </Button>
      )}
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        loading={save.isPending}
        disabled={!can(member, 'expenses', expense ? 'u' : 'c')}
        onClick={() => void onSave()}
      >
        Save
      </Button>
    </>
  ) : (
    <>
      <Button variant="default" onClick={() => navigate('/expenses')}>
        Close
      </Button>
      {can(member, 'expenses', 'u') && (
        <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Expenses', to: '/expenses' },
          { label: expense?.expenseNumber ?? 'New' },
        ]}
        actions={actions}
      />
      <Stack gap="md">
        <ErrorAlert error={withFieldLabel(save.error ?? remove.error)} />
        <Paper withBorder p="lg" radius="md">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              {editing ? (
                <ExpenseFields form={form} suppliers={supplierList} withRecurring={!expense} />
              ) : (
                expense && (
                  <ExpenseView
                    expense={expense}
                    supplier={supplierList.find((s) => s._id === expense.supplierId)}
                  />
                )
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ExpensePhoto
                saved={expense?.photo ?? null}
                state={photo}
                editing={editing}
                onChange={setPhoto}
              />
            </Grid.Col>
          </Grid>
        </Paper>
      </Stack>
    </>
  );
}
