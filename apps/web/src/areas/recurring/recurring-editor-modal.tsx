import { useCallback, useState } from 'react';
import { Alert, Center, Loader, Modal } from '@mantine/core';
import { RECURRING_NOT_FOUND, RECURRING_SAVED, type TRecurringType } from '@fieldbook/core';
import { ApiError } from '../../api/api-client';
import { useJobTypes } from '../../api/use-job-types';
import { useRecurringItem } from '../../api/use-recurring';
import { useCurrentCompany } from '../../app/company-context';
import { ErrorAlert } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { RecurringEditor } from './recurring-editor';

const TITLES: Record<TRecurringType, string> = {
  invoices: 'recurring invoice',
  expenses: 'recurring expense',
  calender: 'recurring job',
};

interface Props {
  type: TRecurringType;
  /** The item, or null for a new one. */
  id: string | null;
  /** A save gave the item this id (a new one's first save). */
  onSaved: (id: string) => void;
  /** Closing navigates (the item is in the address); the navigation blocker asks about changes. */
  onClose: () => void;
}

/** The recurring editor in a modal, full screen on a phone; it loads the item by id. */
export function RecurringEditorModal({ type, id, onSaved, onClose }: Props) {
  const phone = usePhone();
  const { company, member } = useCurrentCompany();
  const item = useRecurringItem(type, id);
  const jobTypes = useJobTypes();
  const [saved, setSaved] = useState(false);
  const hideSaved = useCallback(() => setSaved(false), []);

  const title = `${id ? 'Edit' : 'New'} ${TITLES[type]}`;
  let body;
  if (id && item.error)
    body = (
      <ErrorAlert
        title="Not loaded"
        error={
          item.error instanceof ApiError && item.error.status === 404
            ? new Error(RECURRING_NOT_FOUND)
            : item.error
        }
      />
    );
  else if (!company || (id && !item.data) || (type === 'calender' && jobTypes.isLoading))
    body = (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  else
    body = (
      <>
        {saved && (
          <Alert
            color="green"
            role="status"
            mb="md"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSaved(false)}
          >
            {RECURRING_SAVED}
          </Alert>
        )}
        <RecurringEditor
          // A new item's first save remounts it with the saved item.
          key={id ?? 'new'}
          type={type}
          item={item.data}
          company={company}
          member={member}
          jobTypes={jobTypes.data ?? []}
          onSaved={(savedId) => {
            setSaved(true);
            onSaved(savedId);
          }}
          onEdited={hideSaved}
          onClose={onClose}
        />
      </>
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      radius={phone ? 0 : undefined}
      padding={phone ? 'sm' : 'md'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {body}
    </Modal>
  );
}
