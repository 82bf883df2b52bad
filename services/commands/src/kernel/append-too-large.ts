/**
 * Events a process decided but could not hand to the log's writer, as larger than the bus carries (NATS's `max_payload`): the
 * writer's own process must decide them again itself (a bulk job's chunk is then applied where the job runs).
 */
export class AppendTooLargeError extends Error {
  override name = 'AppendTooLargeError';
}
