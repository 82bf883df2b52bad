import { ValidationError, caseMessages } from '@testament/contracts';
import { createHash } from 'node:crypto';
import type { caseCommands, CaseContentInput, CaseRef } from '../cases/handlers.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { labelCatalogue } from '../labels/handlers.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

/** A label as a case body names it (§3.3): an existing one by id, or by name, created when the project has none by that name. */
export interface CaseLabelInput {
  id?: number;
  name: string;
  color?: string | null;
}

type CaseCommands = ReturnType<typeof caseCommands>;
type ContentWithLabels = Omit<CaseContentInput, 'labelIds'> & { labels?: CaseLabelInput[] };

/**
 * The ids of the labels a case body names, in the project's label catalogue
 * (names matched case-insensitively). With `create`, a name the project lacks
 * becomes a label and an unknown id is refused; without (labels to take off),
 * both name nothing.
 */
export function caseLabelIds(deps: KernelDeps) {
  const labels = labelCatalogue(deps);
  return async function labelIdsFor(projectId: number, wanted: CaseLabelInput[], meta: CommandMeta, create = true): Promise<number[]> {
    const state = await labels.load(projectId);
    const live = [...state.items.values()].filter((item) => !item.deleted);
    const ids: number[] = [];
    for (const label of wanted) {
      const known =
        label.id !== undefined
          ? live.find((item) => item.id === label.id)
          : live.find((item) => item.fields.name.trim().toLowerCase() === label.name.trim().toLowerCase());
      if (!known && !create) continue;
      if (label.id !== undefined && !known) throw ValidationError.of('labels', caseMessages.labelUnknown(label.id));
      // Each new label is its own command: a retried request finds the labels it made. A parallel request that made
      // the same name first satisfies it (`orExisting`): both cases share that label.
      const labelMeta = {
        ...meta,
        causationId: meta.commandId,
        commandId: createHash('sha256').update(`${meta.commandId}:label:${label.name.toLowerCase()}`).digest('hex').slice(0, 32),
      };
      const id =
        known?.id ??
        (
          await labels.create(
            { projectId, name: label.name.trim(), color: label.color ?? null, type: 0, userId: meta.actor.userId },
            labelMeta,
            undefined,
            true,
          )
        ).id;
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  };
}

/**
 * Creating or changing a case with labels by name: the project's label
 * catalogue first (new names become labels), then the case with their ids.
 * Two streams, the second caused by the first.
 */
export function caseWritesWithLabels(deps: KernelDeps, cases: CaseCommands) {
  const labelIdsFor = caseLabelIds(deps);

  const withLabelIds = async (projectId: number, content: ContentWithLabels, meta: CommandMeta): Promise<CaseContentInput> => {
    const { labels: wanted, ...rest } = content;
    return wanted === undefined ? rest : { ...rest, labelIds: await labelIdsFor(projectId, wanted, meta) };
  };

  return {
    create: async (input: { projectId: number; content: ContentWithLabels }, meta: CommandMeta) =>
      cases.create({ projectId: input.projectId, content: await withLabelIds(input.projectId, input.content, meta) }, meta),
    update: async (
      input: CaseRef & { content: ContentWithLabels; skipHistory: boolean; expectedVersionTags?: readonly string[] | null },
      meta: CommandMeta,
    ) => cases.update({ ...input, content: await withLabelIds(input.projectId, input.content, meta) }, meta),
  };
}

/** Cases written with labels by name; the labels' ids, for an import. */
export const commands = commandUnit({
  resource: 'cases',
  provides: { caseLabelIds: ({ kernel }) => caseLabelIds(kernel) },
  handlers: ({ kernel, ports }) => caseWritesWithLabels(kernel, ports.cases),
});

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** Label ids for names, made when missing. */
    caseLabelIds: ReturnType<typeof caseLabelIds>;
  }
  interface CommandUnits {
    'workflows/case-labels': UnitOf<typeof commands>;
  }
}
