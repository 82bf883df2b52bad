import { NEVER } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { customAttributeApi } from '../../../entities/custom-attribute/custom-attribute.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { bulkResultFields, type BulkResultFields } from './bulk-result-form.ts';
import { bulkResultAttributes } from './tests-bulk-api.ts';
import type { TestsBulkTarget } from './tests-bulk-target.ts';

/** The attribute fields for the chosen status; null without a status, and while those of a newly chosen one are on their way. */
export function useBulkResultFields(target: TestsBulkTarget, status: number | null): BulkResultFields | null {
  const attributes = useCatalogueList(target.projectId, customAttributeApi);
  const answer = useLiveQuery(
    status,
    () => changesOf(topics.project(target.projectId)),
    (chosen) => (chosen === null ? NEVER : bulkResultAttributes(target, chosen)),
  );
  if (!attributes || !answer.data || answer.stale) return null;
  return bulkResultFields(answer.data, attributes);
}
