import type { CommandMeta } from '../kernel/command-meta.ts';

/** The meta of a command another one caused (a cascade's steps). */
export const causedBy = (meta: CommandMeta): CommandMeta => ({ ...meta, causationId: meta.commandId });

/** After the first command, one step per item in order; the position of the last write. */
export async function cascadeAfter<T>(
  first: { position: number },
  items: readonly T[],
  step: (item: T) => Promise<{ position: number }>,
): Promise<number> {
  let position = first.position;
  for (const item of items) position = Math.max(position, (await step(item)).position);
  return position;
}
