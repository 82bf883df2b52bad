import { suiteRoutes } from '@testament/contracts';
import { ProgressSpinner } from 'primereact/progressspinner';
import { NEVER, map, of, switchMap, type Observable } from 'rxjs';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { api } from '../../../app/services.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { customAttributeApi } from '../../../entities/custom-attribute/custom-attribute.ts';
import { caseApi, type CaseDetail, type EditedCase } from './case-api.ts';
import type { SuiteChoice } from './case-form.ts';
import { CaseForm } from './CaseForm.tsx';
import '../../../shared/form-page/case-form.css';

const suites = api.endpoints(suiteRoutes);

const numberOrNull = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);

/** What an edit starts from: the version asked for (the current one unless named), and the current one, which a save names. */
function editingOf(caseId: number, version: number | null): Observable<{ shown: CaseDetail; base: EditedCase }> {
  return caseApi
    .current(caseId)
    .pipe(
      switchMap((base) =>
        version === null || version === base.found.current_version
          ? of({ shown: base.found, base })
          : caseApi.get(caseId, version).pipe(map((shown) => ({ shown, base }))),
      ),
    );
}

/** The suite a new case starts in: handed over in the navigation state, or named by `suiteId`. */
function startingSuite(state: unknown, suiteId: number | null): Observable<SuiteChoice | null> {
  const handed = (state as { suite?: SuiteChoice } | null)?.suite;
  if (handed) return of(handed);
  if (suiteId === null) return of(null);
  return suites.retrieve({ id: suiteId });
}

/**
 * /projects/{id}/suites/new-test-case?suiteId=&prevUrl= and
 * /suites/edit-test-case?test_case=&version=&prevUrl= (§2 Case forms). What the
 * form starts from is read once: a change elsewhere must not reset typed text.
 */
export function CaseFormPage() {
  const projectId = Number(useParams().projectId);
  const [params] = useSearchParams();
  const location = useLocation();
  const caseId = numberOrNull(params.get('test_case'));
  const editing = location.pathname.endsWith('/edit-test-case') && caseId !== null;
  const version = numberOrNull(params.get('version'));
  const once = () => NEVER;

  const found = useLiveQuery({ caseId, version, editing }, once, (query) =>
    query.editing && query.caseId !== null ? editingOf(query.caseId, query.version) : of(null),
  );
  const suite = useLiveQuery(numberOrNull(params.get('suiteId')), once, (suiteId) => startingSuite(location.state, suiteId));
  const attributes = useCatalogueList(projectId, customAttributeApi);

  if (found.data === null && editing) return <ProgressSpinner className="case-form__loading" />;
  if (attributes === null || (suite.data === null && !editing && params.has('suiteId')))
    return <ProgressSpinner className="case-form__loading" />;
  return (
    <CaseForm
      key={found.data?.shown.id ?? 'new'}
      projectId={projectId}
      found={found.data?.shown ?? null}
      base={found.data?.base ?? null}
      startSuite={suite.data ? { id: suite.data.id, name: suite.data.name } : null}
      attributes={attributes}
      prevUrl={params.get('prevUrl')}
    />
  );
}
