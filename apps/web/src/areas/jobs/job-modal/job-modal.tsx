import { useRef, useState } from 'react';
import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAppointment, TAppointmentType } from '@fieldbook/core';
import { useCurrentCompany } from '../../../app/company-context';
import { useJob } from '../../../api/use-jobs';
import { useJobTypes } from '../../../api/use-job-types';
import { ErrorAlert } from '../../../ui/query-state';
import { usePhone } from '../../../ui/use-phone';
import { JobEditor, type CloseGuard } from './job-editor';
import { JobSyncPanel } from './job-sync-panel';

export interface JobModalProps {
  /** The job to open, or null for a new one. */
  jobId: string | null;
  /** For a new job: its client (opened from a client's page). */
  client?: { entityId: string; clientName: string } | null;
  /** For a new job: its type (the one the board shows), else the company's first. */
  typeId?: string | null;
  /** A new job's first save gave it this id. */
  onSaved?: (id: string) => void;
  /**
   * The open job is in the address: closing navigates, and the navigation
   * blocker asks about unsaved changes (as it does for Back).
   */
  routed?: boolean;
  onClose: () => void;
}

/**
 * The Appointment modal: one job's fields and its type's form. Full screen on
 * a phone. Closing with unsaved changes asks 'Do you want to save the
 * changes?' (Save / No). Mount it to open it.
 */
export function JobModal({
  jobId,
  client = null,
  typeId = null,
  onSaved,
  routed = false,
  onClose,
}: JobModalProps) {
  const phone = usePhone();
  // A new job gets its id on its first save; from then on the modal shows that job.
  const [id, setId] = useState(jobId);
  const [saved, setSaved] = useState<string | null>(null);
  const job = useJob(id);
  const types = useJobTypes();
  const { company } = useCurrentCompany();
  // The editor keeps this up to date: whether there are changes, and how to save them.
  const guard = useRef<CloseGuard>({ dirty: false, save: () => Promise.resolve(true) });

  const close = () => {
    const { dirty, save } = guard.current;
    if (!dirty || routed) return onClose();
    modals.openConfirmModal({
      title: 'Unsaved changes',
      children: 'Do you want to save the changes?',
      labels: { confirm: 'Save', cancel: 'No' },
      // Save closes only once saved (a refusal stays in the modal, in red); No closes.
      onConfirm: () => void save().then((ok) => ok && onClose()),
      onCancel: onClose,
    });
  };

  const title = id ? (job.data ? `Job ${job.data.appointmentNumber}` : 'Job') : 'New job';

  let body;
  const loading = types.isLoading || (id && job.isLoading) || !company;
  // Offline, a job (or the types) never read on this phone waits for the network.
  const notKept =
    (id && !job.data && job.fetchStatus === 'paused') ||
    (!types.data && types.fetchStatus === 'paused');
  if (notKept && !loading)
    body = (
      <Alert color="yellow">
        <Text size="sm">This job is not kept on this phone. It opens once you are online.</Text>
      </Alert>
    );
  else if (types.error) body = <ErrorAlert title="Job types not loaded" error={types.error} />;
  else if (id && job.error) body = <ErrorAlert title="Job not loaded" error={job.error} />;
  else if (loading)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  else if ((types.data ?? []).length === 0)
    body = (
      <Alert color="yellow">
        <Text size="sm">
          There are no appointment types yet. Add one under Appointment Settings.
        </Text>
      </Alert>
    );
  else
    body = (
      <>
        {id && (
          <JobSyncPanel
            jobId={id}
            type={types.data?.find((t) => t._id === job.data?.appointmentTypeId)}
          />
        )}
        <JobEditor
          job={job.data as TAppointment | undefined}
          types={types.data as TAppointmentType[]}
          company={company!}
          client={client}
          initialTypeId={typeId}
          onSaved={(savedId) => {
            setId(savedId);
            onSaved?.(savedId);
          }}
          onClose={close}
          onDeleted={onClose}
          saved={saved}
          onNotice={setSaved}
          onGuard={(g) => {
            guard.current = g;
          }}
        />
      </>
    );

  return (
    <Modal
      opened
      onClose={close}
      title={title}
      size="xl"
      fullScreen={phone}
      // Full screen on a phone: no rounded corners or outer gap to lose space to.
      radius={phone ? 0 : undefined}
      padding={phone ? 'sm' : 'md'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {body}
    </Modal>
  );
}
