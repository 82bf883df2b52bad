import { BULK_SYNC_LIMIT, ValidationError } from '@testament/contracts';
import type { CommandInput } from '@testament/commands';
import { findBulkJob } from '@testament/projections/bulk-jobs/queries';
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import { execute } from './execute.ts';

/**
 * Runs a bulk change of tests or cases, or an import, as a job (§4.11): to its
 * end before answering when it is small and not asked to be async, else in the
 * background. The job's id, and whether it ended here (a job that failed answers 400 with its reason).
 */
export async function startBulkJob(
  context: GatewayContext,
  request: FastifyRequest,
  job: Omit<CommandInput<'bulk-jobs.request'>, 'wait'>,
  isAsync: boolean | undefined,
): Promise<{ jobId: number; ended: boolean; alreadyImported: boolean }> {
  const wait = !isAsync && job.itemIds.length <= BULK_SYNC_LIMIT;
  const { jobId, alreadyImported } = await execute(context, request, 'bulk-jobs.request', { ...job, wait });
  // A run imported before: its job, as it stands.
  if (alreadyImported) return { jobId, ended: false, alreadyImported };
  if (!wait) return { jobId, ended: false, alreadyImported };
  const ended = await findBulkJob(context.system.readStore, jobId);
  if (ended?.status === 'failed') throw ValidationError.general(ended.reason ?? '');
  return { jobId, ended: true, alreadyImported };
}

/** The same, answering only whether the job ended here. */
export async function runBulkJob(
  context: GatewayContext,
  request: FastifyRequest,
  job: Omit<CommandInput<'bulk-jobs.request'>, 'wait'>,
  isAsync: boolean | undefined,
): Promise<boolean> {
  return (await startBulkJob(context, request, job, isAsync)).ended;
}
