import type { CollectionScan, HeldLease, ReadCall } from '@testament/infra';
import type { AuditFilter } from '@testament/projections/audit/queries';

/** What the server's main thread tells the audit trail's thread. */
export type ToAuditThread =
  | { kind: 'committed'; position: number }
  | { kind: 'query'; id: number; call: ReadCall }
  /** A step of an export's rows (`auditExportRows`), summarized in the thread. */
  | { kind: 'export'; id: number; filter: AuditFilter; after: number; limit: number; withCsvFields: boolean }
  /**
   * `resume` answers once the trail has folded the log's head as it was then; `pause` once it has stopped;
   * `close` once it has stopped and closed its file.
   */
  | { kind: 'control'; id: number; action: 'resume' | 'pause' | 'close' };

/** What the audit trail's thread tells the main thread. */
export type FromAuditThread =
  | { kind: 'advanced'; position: number; topics: string[] }
  | { kind: 'answer'; id: number; value?: unknown; error?: { name: string; message: string }; scans: CollectionScan[] }
  | { kind: 'failed'; message: string };

/** What the thread is started with (startTsWorker adds the module to run): the log it follows, and the file it folds the trail into. */
export interface AuditThreadData {
  eventsFile: string;
  auditFile: string;
  /** In the projection service: the term under which the thread writes the trail's file, refused once another took it. */
  fence?: HeldLease;
}
