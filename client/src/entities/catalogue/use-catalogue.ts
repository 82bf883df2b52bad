import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { notify } from '../../app/toasts.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import type { CatalogueApi } from './catalogue-api.ts';

/** The kinds of catalogue items, as the translations name them (`catalogue.<kind>.*`). */
export type CatalogueKind = 'parameter' | 'label' | 'status' | 'attribute' | 'integration';

/** The project's items, kept current: catalogue writes announce the project's topic. */
export function useCatalogueList<T>(projectId: number, catalogue: CatalogueApi<T, never>): T[] | null {
  return useLiveQuery(projectId, (id) => changesOf(topics.project(id)), catalogue.list).data;
}

/** After a create or an update: the lists refetch, the toast says so (§8). */
export function catalogueSaved(t: TFunction, kind: CatalogueKind, projectId: number, created: boolean): void {
  announceChange(topics.project(projectId));
  notify({ severity: 'success', summary: t(created ? `catalogue.${kind}.created` : `catalogue.${kind}.updated`) });
}

/** Delete after a confirmation; a refusal (403, 400) is a toast with the server's words. */
export function useCatalogueDelete<T extends { id: number }>(
  kind: CatalogueKind,
  projectId: number,
  catalogue: CatalogueApi<T, never>,
  nameOf: (item: T) => string,
) {
  const { t } = useTranslation();
  return (item: T) =>
    confirmRemoval(t, {
      header: t(`catalogue.${kind}.deleteTitle`),
      message: t('catalogue.deleteQuestion', { name: nameOf(item) }),
      remove: () => catalogue.remove(item.id),
      onRemoved: () => announceChange(topics.project(projectId)),
      doneMessage: t(`catalogue.${kind}.deleted`),
    });
}
