import { useObservable, useObservableState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { useParams, useSearchParams } from 'react-router';
import { combineLatest, of, switchMap } from 'rxjs';
import { customAttributeApi } from '../../entities/custom-attribute/custom-attribute.ts';
import { SuiteForm } from './form/SuiteForm.tsx';
import { suiteApi } from '../../entities/suite/suite-api.ts';
import { suitePaths } from '../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../shared/tree/use-tree-search.ts';

/** Only a path of this app is a place to go back to. */
const appPath = (url: string | null) => (url?.startsWith('/') && !url.startsWith('//') ? url : null);

/** /projects/{id}/suites/new-test-suite?parentTestSuite=&prevUrl= and /suites/{suiteId}/edit-test-suite?prevUrl=. */
export function SuiteFormPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const keepSearch = useKeptTreeSearch();
  const projectId = Number(params.projectId);
  const suiteId = params.suiteId ? Number(params.suiteId) : null;
  const parentId = Number(query.get('parentTestSuite')) || null;
  // Read once: the form does not change under the user's hands.
  const loaded$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([project, suite]) =>
          combineLatest({ suite: suite === null ? of(null) : suiteApi.get(suite), attributes: customAttributeApi.list(project) }),
        ),
      ),
    [projectId, suiteId] as const,
  );
  const loaded = useObservableState(loaded$, null);
  if (!loaded) return <Skeleton height="20rem" />;
  const backTo = appPath(query.get('prevUrl')) ?? keepSearch(suitePaths.suite(projectId, suiteId ?? parentId));
  return (
    <SuiteForm
      key={`${suiteId}`}
      projectId={projectId}
      suite={loaded.suite}
      attributes={loaded.attributes}
      parentId={parentId}
      backTo={backTo}
    />
  );
}
