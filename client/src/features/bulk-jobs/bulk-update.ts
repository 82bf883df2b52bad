import { BULK_SYNC_LIMIT } from '@testament/contracts';
import { Subject, map, tap, type Observable } from 'rxjs';
import { apiPath } from '../../api/paths.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { api, session } from '../../app/services.ts';

/** How a bulk change went: done, with what it changed, or running as a job in the background (§4.11). */
export type BulkOutcome<T> = { kind: 'done'; changed: T[] } | { kind: 'background' };

/** A bulk change went to the background: the shell says so in a toast (BackgroundJobNotice) and its panel follows the job. */
export const backgroundStarted$ = new Subject<void>();

interface BulkUpdate {
  /** `tests/bulk-update/`, `cases/bulk-update-tree/`, … */
  path: string;
  body: object;
  /** How many items the selection covers, as the view counts them. */
  count: number;
  /** What the change touches, told at once when it is done; a job in the background is followed by the read models' live notices. */
  changes: readonly string[];
}

/**
 * A bulk change of tests or cases (§4.11). More than the server answers for at
 * once go as a job (`is_async`); the server then answers with an empty body.
 * The dialog that asked shows a refusal (400, 403, and 409 while another job
 * of the user's runs in the project).
 */
export function sendBulkUpdate<T>({ path, body, count, changes }: BulkUpdate): Observable<BulkOutcome<T>> {
  const json = count > BULK_SYNC_LIMIT ? { ...body, is_async: true } : body;
  return api.put<T[] | undefined>(apiPath(path), { json, handles: [400, 403, 409] }).pipe(
    map((changed): BulkOutcome<T> => (changed === undefined ? { kind: 'background' } : { kind: 'done', changed })),
    tap((outcome) => {
      // The job list learns of the new job now rather than at the next live notice.
      const user = session.user;
      if (user) announceChange(topics.bulkJobs(user.id));
      if (outcome.kind === 'done') announceChange(...changes);
      else backgroundStarted$.next();
    }),
  );
}
