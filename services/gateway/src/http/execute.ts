import { newCommandMeta, type CommandInput, type CommandName, type CommandResult } from '@testament/commands';
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import { actorOf, requireUser } from '../plugins/authentication.ts';
import { throwIfAborted } from '../plugins/cancellation.ts';
import { NotYetVisibleError } from './errors.ts';
import { noteWritePhase } from './write-phases.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Requests whose last command was saved: what their answer then misses is the read models' lag, not an absent object. */
const saved = new WeakSet<FastifyRequest>();

/** Whether the request's last command was saved (a read-back that misses after it answers 503, not 404: `errorPlugin`). */
export function commandSaved(request: FastifyRequest): boolean {
  return saved.has(request);
}

/**
 * Sends a command as the authenticated caller and answers only once the read
 * models include its events, so the response and the next read see the change.
 * An `Idempotency-Key` header makes a retried request change nothing twice;
 * `idempotencyPart` tells apart several creations of one request (one per uploaded file).
 */
export async function execute<N extends CommandName>(
  { system, config }: GatewayContext,
  request: FastifyRequest,
  name: N,
  input: CommandInput<N>,
  options: { idempotencyPart?: string } = {},
): Promise<CommandResult<N>> {
  const user = requireUser(request);
  const key = header(request, 'idempotency-key');
  const meta = newCommandMeta(actorOf(user), {
    idempotencyKey: key && options.idempotencyPart ? `${key}#${options.idempotencyPart}` : key,
    correlationId: header(request, 'x-correlation-id') ?? request.id,
    tokenId: request.principal?.via === 'token' ? request.principal.tokenId : undefined,
  });
  // A client that has gone changes nothing more; a command already sent stays done.
  throwIfAborted(request);
  saved.delete(request);
  const dispatchedAt = performance.now();
  const result = await system.dispatch(name, input, meta);
  const committedAt = performance.now();
  noteWritePhase(request, 'commandSeconds', (committedAt - dispatchedAt) / 1000);
  saved.add(request);
  try {
    await waitUntilReadable(system, config, result.position, request.cancellation);
  } finally {
    noteWritePhase(request, 'visibleSeconds', (performance.now() - committedAt) / 1000);
  }
  return result;
}

/** Waits until the read models include `position`: 503 after the bounded wait, the signal's reason once it aborts. */
export async function waitUntilReadable(
  system: GatewayContext['system'],
  config: GatewayContext['config'],
  position: number,
  signal?: AbortSignal,
): Promise<void> {
  if (!(await system.progress.waitFor(position, config.writeWaitMs, signal))) throw new NotYetVisibleError();
}
