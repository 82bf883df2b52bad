/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { BulkJobsPanel } from './BulkJobsPanel.tsx';
export { sendBulkUpdate, type BulkOutcome } from './bulk-update.ts';
export { useBulkForm } from './use-bulk-form.ts';
export { useOpenBulkDialog } from './use-open-bulk-dialog.ts';
export { useBulkActionWait } from './use-running-bulk-job.ts';
