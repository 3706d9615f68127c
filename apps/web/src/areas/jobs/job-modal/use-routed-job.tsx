import { useLocation, useNavigate } from 'react-router';
import { JobModal } from './job-modal';
import { JOB_PARAM } from './job-url';
import { useScreenSearchParams } from '../../../ui/use-screen-search';

/** Marks a history entry the modal pushed, so closing it goes Back rather than forward. */
const OPENED = 'jobModal';

/**
 * The job modal held in the address (?job=<id> or ?job=new), so a reload
 * reopens it and Back closes it. `openJob(id)` opens a job, `openJob(null)`
 * a new one (of `typeId` when given); `modal` is the element to render (null while none is open).
 */
export function useRoutedJob(
  client: { entityId: string; clientName: string } | null = null,
  typeId: string | null = null,
) {
  const [params, setParams] = useScreenSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const open = params.get(JOB_PARAM);
  const withJob = (job: string | null) => {
    const next = new URLSearchParams(params);
    if (job) next.set(JOB_PARAM, job);
    else next.delete(JOB_PARAM);
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
  const openJob = (id: string | null) =>
    navigate(withJob(id ?? 'new'), { state: { [OPENED]: true } });
  const close = () => {
    if ((location.state as Record<string, unknown> | null)?.[OPENED]) navigate(-1);
    else navigate(withJob(null), { replace: true });
  };
  const modal = open ? (
    <JobModal
      jobId={open === 'new' ? null : open}
      client={client}
      typeId={typeId}
      routed
      // After the save's round trip: through the screen setter, so a user who left meanwhile stays gone.
      onSaved={(id) =>
        setParams(
          (p) => {
            p.set(JOB_PARAM, id);
            return p;
          },
          { replace: true, state: location.state as unknown },
        )
      }
      onClose={close}
    />
  ) : null;
  return { openJob, modal };
}
