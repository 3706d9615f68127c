// The jobs area's face: what other areas may use (docs/architecture.md).
// The jobs area alone writes appointments; automations go through these.
/** Days between a generated job invoice's date and its due date. */
export { GENERATED_DUE_DAYS } from './job-automations.service.js';
export { jobDocumentById } from './job-document.service.js';
export { clearedDate, moveJobTo, writeJob, type SavedJob } from './job-save.js';
export { findType, listTypes, type TypeRow } from './job-types.repo.js';
export { installDefaultTypes } from './job-types.service.js';
export { presentJob } from './jobs.present.js';
export {
  findJob,
  listMembers,
  setJobInvoice,
  type JobRow,
  type JobWithClient,
} from './jobs.repo.js';
// The workflow automations (docs/jobs-automations.md): what main.ts starts.
export {
  JOB_STATUS_AUTOMATION,
  jobAutomationHandlers,
  queueClientReminders,
  startJobReminders,
  statusEntryKey,
  type StatusAutomationPayload,
} from './automations.js';
// The calendar feeds area reads one user's scheduled jobs.
export { listFeedJobs } from './feed-jobs.js';
export type { FeedJob } from './feed-jobs.repo.js';
