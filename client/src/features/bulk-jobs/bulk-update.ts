import { BULK_SYNC_LIMIT } from '@testament/contracts';
import { Subject, map, tap, type Observable } from 'rxjs';
import type { CallOptions } from '../../api/endpoints.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { session } from '../../app/services.ts';

/** How a bulk change went: done, with what it changed, or running as a job in the background (§4.11). */
export type BulkOutcome<T> = { kind: 'done'; changed: T[] } | { kind: 'background' };

/** A bulk change went to the background: the shell says so in a toast (BackgroundJobNotice) and its panel follows the job. */
export const backgroundStarted$ = new Subject<void>();

/**
 * A bulk PUT as its contract types it (`bulkJobRoutes.bulkUpdate`): the changed items, or (a job in the
 * background, K3) an empty body.
 */
export type BulkPut<B, T> = (input: { body: B }, options: CallOptions) => Observable<T[] | undefined>;

type BulkUpdate<B extends object, T> = {
  put: BulkPut<B, T>;
  body: B;
  /** How many items the selection covers, as the view counts them. */
  count: number;
  /** What the change touches, told at once when it is done; a job in the background is followed by the read models' live notices. */
  changes: readonly string[];
};

/**
 * A bulk change of tests or cases (§4.11). More than the server answers for at
 * once go as a job (`is_async`); the server then answers with an empty body.
 * The dialog that asked shows a refusal (400, 403, and 409 while another job
 * of the user's runs in the project).
 */
export function sendBulkUpdate<T, B extends object = object>({ put, body, count, changes }: BulkUpdate<B, T>): Observable<BulkOutcome<T>> {
  const json: B = count > BULK_SYNC_LIMIT ? { ...body, is_async: true } : body;
  const options = { handles: [400, 403, 409] };
  return put({ body: json }, options).pipe(
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
