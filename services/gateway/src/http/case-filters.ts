import type { CaseContent, CaseListQuery } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { attachmentsByIds } from '@testament/projections/attachments/queries';
import { findSuiteTree, type SuiteTree } from '@testament/projections/suites/queries';
import { listLabels } from '@testament/projections/labels/queries';
import type { CaseFilters } from '@testament/projections/cases/queries';
import type { LabelDocument } from '@testament/projections/labels/labels-projection';
import { filesOf, type CaseShowing } from '../representations/cases.ts';
import { idsOf } from './id-lists.ts';

export interface ProjectContext {
  tree: SuiteTree;
  labels: Map<number, LabelDocument>;
}

/** What a project's cases need to be shown: its suite tree and its labels. */
export async function projectContext(readStore: ReadStore, projectId: number): Promise<ProjectContext> {
  const [tree, labels] = await Promise.all([findSuiteTree(readStore, projectId), listLabels(readStore, projectId)]);
  return { tree, labels: new Map(labels.map((label) => [label._id, label])) };
}

/**
 * All that these cases of one project need to be shown: its context, which the caller has, and the files of `contents` (the versions
 * shown).
 */
export async function caseShowing(
  readStore: ReadStore,
  context: ProjectContext,
  contents: ReadonlyArray<Pick<CaseContent, 'attachmentIds' | 'steps'>>,
  origin: string,
): Promise<CaseShowing> {
  const files = await attachmentsByIds(readStore, contents.flatMap(filesOf));
  return { ...context, files: new Map(files.map((file) => [file._id, file])), origin };
}

/** The suites created in a range (either end open), or undefined without one. */
function suitesCreatedIn(tree: SuiteTree, after: string | undefined, before: string | undefined): Set<number> | undefined {
  if (!after && !before) return undefined;
  const [from, to] = [after && new Date(after).toISOString(), before && new Date(before).toISOString()];
  return new Set(
    tree.descendantsOf(null).flatMap((node) => ((!from || node.createdAt >= from) && (!to || node.createdAt <= to) ? [node.id] : [])),
  );
}

/**
 * The case filters of a query (§3.3, §4.16); a suite's descendants join it with `show_descendants`; the suite created range narrows the
 * suites.
 */
export function caseFiltersOf(query: Partial<CaseListQuery>, tree: SuiteTree): CaseFilters {
  const suites = idsOf(query.suite);
  const named =
    suites && query.show_descendants
      ? [...new Set(suites.flatMap((id) => [id, ...tree.descendantsOf(id).map((node) => node.id)]))]
      : suites;
  const created = suitesCreatedIn(tree, query.test_suite_created_after, query.test_suite_created_before);
  const suiteIds = named && created ? named.filter((id) => created.has(id)) : (named ?? (created && [...created]));
  return {
    suiteIds,
    name: query.name,
    search: query.search,
    labels: idsOf(query.labels),
    notLabels: idsOf(query.not_labels),
    condition: query.labels_condition,
    includeArchived: query.is_archive,
    createdAfter: query.test_case_created_after,
    createdBefore: query.test_case_created_before,
    ordering: query.ordering,
  };
}
