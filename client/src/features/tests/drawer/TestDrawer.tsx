import { ProgressSpinner } from 'primereact/progressspinner';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NEVER } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { ResizableDrawer } from '../../../components/ResizableDrawer.tsx';
import { confirmDiscard } from '../../../forms/confirm-discard.ts';
import { caseApi } from '../../cases/index.ts';
import { customAttributeApi } from '../../../entities/custom-attribute/custom-attribute.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { projectApi } from '../../../entities/project/project-api.ts';
import { projectChanges } from '../../../entities/project/project-changes.ts';
import { ResultForm } from '../../results/index.ts';
import { statusApi } from '../../../entities/status/status.ts';
import { testDrawerApi } from './test-drawer-api.ts';
import { TestView } from './TestView.tsx';
import { useDrawerView, type DrawerView } from './use-drawer-view.ts';
import './test-drawer.css';

const FORM_MODES = { addResult: 'add', editResult: 'edit', cloneResult: 'clone' } as const;

/**
 * The test drawer (tests-and-results §2 Test drawer), opened by `?test=` on a
 * plan page; `&view=addResult` opens it on the add-result form. Kept current
 * as the test, its results, its case and its comments change.
 */
export function TestDrawer({ projectId, testId, onClose }: { projectId: number; testId: number; onClose: () => void }) {
  const { t } = useTranslation();
  // A result form with changes asks before the drawer closes under it (§5).
  const formChanges = useRef(false);
  const requestClose = () => (formChanges.current ? confirmDiscard(t, onClose) : onClose());
  return (
    <ResizableDrawer
      widthSetting="test-drawer-width"
      className="test-drawer"
      header={<span className="test-drawer__kind">{t('testDrawer.title')}</span>}
      closeLabel={t('testDrawer.close')}
      resizeLabel={t('testDrawer.resize')}
      onClose={requestClose}
    >
      <TestDrawerContent key={testId} projectId={projectId} testId={testId} onClose={onClose} formChanges={formChanges} />
    </ResizableDrawer>
  );
}

interface ContentProps {
  projectId: number;
  testId: number;
  onClose(): void;
  formChanges: { current: boolean };
}

function TestDrawerContent({ projectId, testId, onClose, formChanges }: ContentProps) {
  const drawer = useDrawerView(onClose);
  const test = useLiveQuery(testId, () => changesOf(topics.plans(projectId)), testDrawerApi.watch).data;
  const caseId = test?.case ?? null;
  const found = useLiveQuery(
    caseId,
    (id) => (id === null ? NEVER : changesOf(topics.suites(projectId))),
    (id) => (id === null ? NEVER : caseApi.watch(id, null)),
  ).data;
  const project = useLiveQuery(projectId, projectChanges, projectApi.get).data;
  const statuses = useCatalogueList(projectId, statusApi);
  const attributes = useCatalogueList(projectId, customAttributeApi);
  if (!test || !found || found.id !== test.case || !project) return <ProgressSpinner className="test-drawer__loading" />;

  const readOnly = project.is_archive || test.is_archive;
  const { view } = drawer;
  if (view.name === 'test') {
    return (
      <TestView
        projectId={projectId}
        test={test}
        found={found}
        readOnly={readOnly}
        onAddResult={() => drawer.open({ name: 'addResult' })}
        resultActions={{
          onEdit: (result) => drawer.open({ name: 'editResult', result }),
          onClone: (result) => drawer.open({ name: 'cloneResult', result }),
        }}
      />
    );
  }
  if (!statuses || !attributes) return <ProgressSpinner className="test-drawer__loading" />;
  return (
    <ResultForm
      key={formKey(view)}
      mode={FORM_MODES[view.name]}
      projectId={projectId}
      test={test}
      found={found}
      source={view.name === 'addResult' ? null : view.result}
      statuses={statuses}
      attributes={attributes}
      defaultStatus={statuses.some((status) => status.id === project.settings.default_status) ? project.settings.default_status : null}
      onClose={drawer.closeForm}
      onSaved={drawer.saved}
      changes={formChanges}
    />
  );
}

const formKey = (view: Exclude<DrawerView, { name: 'test' }>) => (view.name === 'addResult' ? view.name : `${view.name}-${view.result.id}`);
