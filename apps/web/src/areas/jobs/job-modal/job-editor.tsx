import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import {
  allowedMoves,
  can,
  shownStatus,
  statusFlags,
  statusOf,
  type TAppointment,
  type TAppointmentType,
  type TComponent,
  type TCompany,
  type TStatus,
  type TComponentValue,
  DEFAULT_TIME_ZONE,
} from '@fieldbook/core';
import { ApiError, errorMessage } from '../../../api/api-client';
import { useDeleteJob, useSaveJob, useSaveJobPart, useUploadJobImage } from '../../../api/use-jobs';
import { useCurrentUser } from '../../../app/use-session';
import { confirmDelete } from '../../../ui/confirm';
import { DynamicForm } from '../../../ui/dynamic-form/dynamic-form';
import { useUnsavedChangesPrompt } from '../../../ui/use-unsaved-changes-prompt';
import { JobClient } from './job-client';
import { JobFields } from './job-fields';
import { JobInvoiceLink } from './job-invoice-link';
import { JobLog } from './job-log';
import { leavesJob } from './job-url';
import { flagsFor, jobToValues, newJobValues, valuesToSave, type JobValues } from './job-values';

/** What the modal needs to ask before closing. */
/**
 * A document component's prints: the member's own (their view of the job, with
 * the session) and the public link only when the server answered the job's key.
 */
function jobDocumentPaths(cid: string, jobId: string, publicKey: string, templateId: string) {
  const c = encodeURIComponent(cid);
  const t = encodeURIComponent(templateId);
  return {
    member: `/companies/${c}/appointments/${encodeURIComponent(jobId)}/document/${t}`,
    public: publicKey ? `/customer/${c}/${encodeURIComponent(publicKey)}/${t}/document` : null,
  };
}

export interface CloseGuard {
  dirty: boolean;
  save: () => Promise<boolean>;
}

interface JobEditorProps {
  job: TAppointment | undefined;
  types: TAppointmentType[];
  company: TCompany;
  client: { entityId: string; clientName: string } | null;
  /** For a new job: its type (the board's), else the first. */
  initialTypeId?: string | null;
  onSaved: (id: string) => void;
  onClose: () => void;
  onDeleted: () => void;
  /**
   * 'Job … saved', shown next to the buttons (a notification covered Save on
   * a phone); kept by the modal, as a new job's editor is mounted again with
   * the saved job.
   */
  saved: string | null;
  onNotice: (notice: string | null) => void;
  /** Called after each render with what closing needs to know. */
  onGuard: (guard: CloseGuard) => void;
}

/** Mantine colours of the status colour choices (spec §9). */
const BADGE: Record<TStatus['color'], string> = {
  primary: 'blue',
  warning: 'orange',
  success: 'green',
  danger: 'red',
  muted: 'gray',
};

/** Stand-ins for a client and lines when the type's form has no component for them. */
const OWN_CLIENT: TComponent = {
  prop: 'modalClient',
  label: 'Client',
  type: 'clientSelect',
  templateId: null,
  options: [],
  wording: '',
  permissions: {},
};
const OWN_ITEMS: TComponent = {
  ...OWN_CLIENT,
  prop: 'modalItems',
  label: 'Line items',
  type: 'itemsSelect',
};

export function JobEditor({
  job,
  types,
  company,
  client,
  initialTypeId = null,
  onSaved,
  onClose,
  onDeleted,
  saved,
  onNotice: setSaved,
  onGuard,
}: JobEditorProps) {
  const me = useCurrentUser();
  const member = company.me;
  const save = useSaveJob();
  const savePart = useSaveJobPart();
  // Saves run one after another (a signature saved while Save is pressed must
  // not be refused as stale by the other): each waits for the one before.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = <T,>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  };
  // 'Client signature saved': a part saved at once, true whatever else is unsaved.
  const [kept, setKept] = useState<string | null>(null);
  const del = useDeleteJob();
  const upload = useUploadJobImage(job?._id ?? '');
  // Dates and times in the company's zone, as on the board and the calendar.
  const timeZone = company.timeZone || DEFAULT_TIME_ZONE;
  const [initial] = useState(() =>
    job
      ? jobToValues(job, timeZone)
      : newJobValues(types, client, Date.now(), timeZone, initialTypeId),
  );
  const form = useForm<JobValues>({ initialValues: initial });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The version of the job last seen from the server (the form's own is values.updatedAt).
  const seen = useRef<string | null>(job?.updatedAt ?? null);

  const load = (j: TAppointment) => {
    const values = jobToValues(j, timeZone);
    form.setValues(values);
    form.resetDirty(values);
  };

  // Another browser (or an automation) changed the job: reload it, unless the
  // user has changes of their own; then say so rather than overwrite them. A
  // copy older than the form's own version (the cache before a save's refetch)
  // waits for the newer one.
  useEffect(() => {
    if (!job || job.updatedAt === seen.current) return;
    const own = form.getValues().updatedAt;
    if (own && Date.parse(job.updatedAt) < Date.parse(own)) return;
    seen.current = job.updatedAt;
    if (!form.isDirty()) load(job);
  });
  const version = form.values.updatedAt;
  const stale =
    !!job && !!version && Date.parse(job.updatedAt) > Date.parse(version) && form.isDirty();

  const type = types.find((t) => t._id === form.values.appointmentTypeId);
  // The owner reads the general flags, as the server does.
  const groupId = member.isOwner
    ? null
    : (company.users.find((u) => u.userId === me._id)?.group ?? null);
  const flagsOf = flagsFor(type, job, groupId);
  const here = type && job ? statusOf(type.statuses, shownStatus(job)) : null;
  const sFlags = statusFlags(here, groupId);
  const readOnly = !can(member, 'appointments', job ? 'u' : 'c');
  const members = company.users
    .filter((u) => !u.disabled)
    .map((u) => ({
      userId: u.userId,
      name: `${u.name} ${u.surname}`.trim() || (u.emailAddress ?? u.userId),
    }));
  const components = type?.components ?? [];
  const formComponents = [
    ...(components.some((c) => c.type === 'clientSelect') ? [] : [OWN_CLIENT]),
    ...components,
    ...(components.some((c) => c.type === 'itemsSelect') ? [] : [OWN_ITEMS]),
  ];

  const submit = (): Promise<boolean> => inTurn(saveAll);
  const saveAll = async (): Promise<boolean> => {
    setError(null);
    setSaved(null);
    setKept(null);
    setFieldErrors({});
    form.clearErrors();
    try {
      const r = await save.mutateAsync(
        valuesToSave(form.getValues(), job, type, flagsOf, timeZone),
      );
      form.setFieldValue('updatedAt', r.updatedAt);
      form.resetDirty({ ...form.getValues(), updatedAt: r.updatedAt });
      // The saved job comes back as the server keeps it (what this user may see
      // in its new status): load it, even when its refetch arrived during the save.
      // Kept on the phone: the form already holds it (the job's copy catches up later).
      if (!r.onPhone) seen.current = null;
      setSaved(`Job ${r.appointmentNumber} saved${r.onPhone ? ' on this phone' : ''}`);
      if (!job) onSaved(r._id);
      return true;
    } catch (e) {
      // Spec §8: the error shows in red on the form, which stays in edit.
      setError(errorMessage(e));
      if (e instanceof ApiError && e.fields) {
        setFieldErrors(e.fields);
        form.setErrors(e.fields);
      }
      return false;
    }
  };

  /**
   * A signature or the photos of a saved job go to the server at once, as a
   * patch of that one value (every other change still waits for Save); the
   * form's saved baseline takes the value and the new version, so the rest of
   * the form stays as dirty as it was. A refusal leaves the value in the form
   * for Save, with the server's message.
   */
  const keep = (prop: string, value: TComponentValue, label: string) => {
    form.setValues({ values: { ...form.getValues().values, [prop]: value } });
    if (!job) return;
    void inTurn(async () => {
      setError(null);
      setKept(null);
      try {
        const r = await savePart.mutateAsync({
          _id: job._id,
          ...(form.getValues().updatedAt && { updatedAt: form.getValues().updatedAt! }),
          values: { [prop]: value },
        });
        const base = form.getInitialValues();
        form.setInitialValues({
          ...base,
          updatedAt: r.updatedAt,
          values: { ...base.values, [prop]: value },
        });
        // Dirtiness is worked out again against the new baseline.
        form.setValues({ updatedAt: r.updatedAt, values: form.getValues().values });
        if (!r.onPhone) seen.current = null;
        setKept(`${label} saved${r.onPhone ? ' on this phone' : ''}`);
      } catch (e) {
        setError(errorMessage(e));
      }
    });
  };

  const dirty = !readOnly && form.isDirty();
  useEffect(() => onGuard({ dirty, save: submit }));
  // Leaving the page (the invoice link, Back, the menu) with changes asks the same question.
  useUnsavedChangesPrompt(dirty, submit, leavesJob);

  const remove = () =>
    job &&
    confirmDelete(
      () => del.mutate(job._id, { onSuccess: onDeleted }),
      'Are you sure you want to delete this job?',
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {job && (
          <Group gap="xs">
            <Badge
              variant="light"
              size="lg"
              color={BADGE[here?.color ?? 'primary']}
              data-testid="job-shown-status"
            >
              {shownStatus(job)}
            </Badge>
            {job.appointmentType && (
              <Text size="sm" c="dimmed">
                {job.appointmentType}
              </Text>
            )}
            {job.invoiceId && <JobInvoiceLink invoiceId={job.invoiceId} />}
            {!job.positionVerified && (
              // A dark orange: Mantine's orange on white is below 4.5:1 contrast.
              <Text size="xs" c="#a34100">
                The address is not verified on the map
              </Text>
            )}
          </Group>
        )}
        {job && <JobClient job={job} member={member} />}
        {stale && (
          <Alert color="yellow" title="Changed elsewhere">
            <Text size="sm">
              Someone else saved this job while you were editing. Your changes are kept here; saving
              them is refused until you reload.
            </Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => job && load(job)}>
              Reload (drops your changes)
            </Button>
          </Alert>
        )}
        {readOnly && (
          <Text size="sm" c="dimmed">
            You may view this job but not change it.
          </Text>
        )}
        <JobFields
          form={form}
          types={types}
          allowed={type ? allowedMoves(type.statuses, job ?? null) : []}
          statusFlags={sFlags}
          members={members}
          readOnly={readOnly}
          isNew={!job}
        />
        <Divider />
        <DynamicForm
          components={formComponents}
          flagsOf={flagsOf}
          values={form.values}
          onChange={(patch) => form.setValues(patch)}
          jobId={job?._id ?? null}
          invoiceId={job?.invoiceId ?? null}
          documentPath={(templateId) =>
            job ? jobDocumentPaths(company._id, job._id, job.publicKey, templateId) : null
          }
          saveFirst={() => void submit()}
          keep={keep}
          upload={(file, signature) => upload.mutateAsync({ file, signature }).then((r) => r.file)}
          readOnly={readOnly}
          tax={company.tax}
          members={members}
          errors={fieldErrors}
        />
        {job && <JobLog log={job.log} timeZone={timeZone} />}
        {error && (
          <Alert color="red" title="Not saved" role="alert">
            {error}
          </Alert>
        )}
        {del.error && (
          <Alert color="red" title="Not deleted" role="alert">
            {errorMessage(del.error)}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <div>
            {job && can(member, 'appointments', 'd') && !sFlags.hideDeleteItem && (
              <Button color="red" variant="subtle" onClick={remove} loading={del.isPending}>
                Delete
              </Button>
            )}
          </div>
          <Group gap="xs">
            {((saved && !dirty) || kept) && (
              <Text size="sm" c="green.9" fw={600} role="status">
                <IconCheck size={16} aria-hidden /> {saved && !dirty ? saved : kept}
              </Text>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {!readOnly && (
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
