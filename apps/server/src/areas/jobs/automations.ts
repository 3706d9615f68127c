// What the server's start-up (main.ts) and the jobs service use of the
// workflow automations; the jobs area's face (index.ts) re-exports it.
export { jobAutomationHandlers, type JobAutomationDeps } from './job-automations.queue.js';
export {
  queueClientReminders,
  startJobReminders,
  type ReminderTimer,
} from './job-reminders.schedule.js';
export {
  JOB_CLIENT_REMINDER,
  JOB_INVOICE_EMAIL,
  JOB_INVOICE_GATHERED,
  JOB_INVOICE_GROUP,
  JOB_NOTIFICATION,
  JOB_STATUS_AUTOMATION,
  statusEntryKey,
  type StatusAutomationPayload,
} from './job-automations.kinds.js';
