import { useParams } from 'react-router';
import { useExpense } from '../../api/use-expenses';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { ExpenseForm } from './expense-form';

/** /expenses/{id}, and /expenses/new for a new one. */
export function ExpensePage() {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const expense = useExpense(isNew ? null : id);
  // A new expense is dated today in the company's zone, so it waits for the company.
  const { company } = useCurrentCompany();
  if (isNew && company) return <ExpenseForm key="new" />;
  if (expense.data) return <ExpenseForm key={expense.data._id} expense={expense.data} />;
  // Loading, or the load failed (an unknown id answers 404: 'Expense not found').
  return (
    <>
      <PageHeader
        title="Expense"
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Expenses', to: '/expenses' },
          { label: 'Expense' },
        ]}
      />
      <QueryState query={expense}>{() => null}</QueryState>
    </>
  );
}
