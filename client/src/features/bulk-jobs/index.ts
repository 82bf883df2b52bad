/** What other features, the router and the shell use of this feature; they import nothing else of it. */
export { BulkJobsPanel } from './BulkJobsPanel.tsx';
export { sendBulkUpdate, type BulkOutcome } from './bulk-update.ts';
export { useBulkForm } from './use-bulk-form.ts';
export { useOpenBulkDialog } from './use-open-bulk-dialog.ts';
export { useBulkActionWait } from './use-running-bulk-job.ts';
