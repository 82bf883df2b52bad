import type { FastifyRequest } from 'fastify';

/**
 * Where a request's writes spent their time: deciding and committing to the log (`command`), then waiting until the
 * read models include them (`visible`). Summed over the request's commands; read by the metrics when it is answered.
 */
export interface WritePhases {
  commandSeconds: number;
  visibleSeconds: number;
}

const phasesOf = new WeakMap<FastifyRequest, WritePhases>();

export function noteWritePhase(request: FastifyRequest, phase: keyof WritePhases, seconds: number): void {
  const phases = phasesOf.get(request) ?? { commandSeconds: 0, visibleSeconds: 0 };
  phases[phase] += seconds;
  phasesOf.set(request, phases);
}

/** Undefined for a request that wrote nothing. */
export function writePhasesOf(request: FastifyRequest): WritePhases | undefined {
  return phasesOf.get(request);
}
