import type { ReadStore, Sort } from '@testament/infra';
import { catalogueTrash, findCatalogueItem, listCatalogueItems } from '../project-catalogue/queries.ts';
import { LABELS, type LabelDocument } from './labels-projection.ts';
import { USERS, type UserDocument } from '../users/user-document.ts';

const ORDER_FIELDS: Record<string, string> = { id: '_id', name: 'nameKey', type: 'type' };

/** `ordering=a,-b` over id, name and type; by lower-cased name by default (§3.9). */
function labelSort(ordering: string | undefined): Sort {
  const sort: Sort = {};
  for (const term of (ordering ?? 'name').split(',').filter(Boolean)) {
    sort[ORDER_FIELDS[term.replace(/^-/, '')]!] = term.startsWith('-') ? -1 : 1;
  }
  return { ...sort, _id: sort._id ?? 1 };
}

export function listLabels(readStore: ReadStore, projectId: number, ordering?: string): Promise<LabelDocument[]> {
  return listCatalogueItems<LabelDocument>(readStore, LABELS, [projectId], labelSort(ordering));
}

export function findLabel(readStore: ReadStore, labelId: number): Promise<LabelDocument | null> {
  return findCatalogueItem<LabelDocument>(readStore, LABELS, labelId);
}

/** The creators' usernames by user id, for the labels' `username`. */
export async function labelCreatorNames(readStore: ReadStore, labels: readonly LabelDocument[]): Promise<Map<number, string>> {
  const ids = [...new Set(labels.flatMap((label) => (label.userId === null ? [] : [label.userId])))];
  if (ids.length === 0) return new Map();
  const users = await readStore.collection<UserDocument>(USERS).find({ _id: { $in: ids } }, { projection: { username: 1 } });
  return new Map(users.map((user) => [user._id, user.username]));
}

/** Its deleted items (the trash endpoints). */
export const labelTrash = catalogueTrash<LabelDocument>(LABELS);
