import type { SuiteDetail } from '@testament/contracts';
import { ProgressSpinner } from 'primereact/progressspinner';
import { NEVER, of, type Observable } from 'rxjs';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { apiPath } from '../../../api/paths.ts';
import { api } from '../../../app/services.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { useCatalogueList } from '../../project-catalogue/use-catalogue.ts';
import { customAttributeApi } from '../../custom-attributes/custom-attribute.ts';
import { caseApi, type CaseDetail } from './case-api.ts';
import type { SuiteChoice } from './case-form.ts';
import { CaseForm } from './CaseForm.tsx';
import './case-form.css';

const numberOrNull = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);

/** The suite a new case starts in: handed over in the navigation state, or named by `suiteId`. */
function startingSuite(state: unknown, suiteId: number | null): Observable<SuiteChoice | null> {
  const handed = (state as { suite?: SuiteChoice } | null)?.suite;
  if (handed) return of(handed);
  if (suiteId === null) return of(null);
  return api.get<SuiteDetail>(apiPath(`suites/${suiteId}/`));
}

/**
 * /projects/{id}/suites/new-test-case?suiteId=&prevUrl= and
 * /suites/edit-test-case?test_case=&version=&prevUrl= (§2 Case forms). What the
 * form starts from is read once: a change elsewhere must not reset typed text.
 */
export function CaseFormPage() {
  const projectId = Number(useParams()['projectId']);
  const [params] = useSearchParams();
  const location = useLocation();
  const caseId = numberOrNull(params.get('test_case'));
  const editing = location.pathname.endsWith('/edit-test-case') && caseId !== null;
  const version = numberOrNull(params.get('version'));
  const once = () => NEVER;

  const found = useLiveQuery({ caseId, version, editing }, once, (query): Observable<CaseDetail | null> =>
    query.editing && query.caseId !== null ? caseApi.get(query.caseId, query.version ?? undefined) : of(null),
  );
  const suite = useLiveQuery(numberOrNull(params.get('suiteId')), once, (suiteId) => startingSuite(location.state, suiteId));
  const attributes = useCatalogueList(projectId, customAttributeApi);

  if (found.data === null && editing) return <ProgressSpinner className="case-form__loading" />;
  if (attributes === null || (suite.data === null && !editing && params.has('suiteId'))) return <ProgressSpinner className="case-form__loading" />;
  return (
    <CaseForm
      key={found.data?.id ?? 'new'}
      projectId={projectId}
      found={found.data}
      startSuite={suite.data ? { id: suite.data.id, name: suite.data.name } : null}
      attributes={attributes}
      prevUrl={params.get('prevUrl')}
    />
  );
}
