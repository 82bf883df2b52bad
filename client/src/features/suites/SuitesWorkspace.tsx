import { Outlet, useParams } from 'react-router';
import { SuiteActionsContext, useSuiteActions } from './dialogs/use-suite-actions.tsx';
import type { Suite } from '../../entities/suite/suite-api.ts';
import { suiteTreeKind } from './tree/suite-tree-kind.tsx';
import { useTrail } from '../../shared/tree/TreeBreadcrumbs.tsx';
import { TreeBar } from '../../shared/tree/TreeBar.tsx';
import { ProjectTitle } from '../../entities/project/ProjectTitle.tsx';
import '../../shared/tree/suites.css';

/**
 * /projects/{id}/suites/*: the tree bar beside the suite, the project's root or a case form in the outlet
 * (cases-and-plans §2). The suite actions' dialogs live here, so they outlast the page they were opened on.
 */
export function SuitesWorkspace() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const selectedId = params.suiteId ? Number(params.suiteId) : null;
  const trail = useTrail(suiteTreeKind, projectId, selectedId);
  const actions = useSuiteActions(projectId, selectedId === null ? [] : [...trail.map((crumb) => crumb.id), selectedId]);
  return (
    <SuiteActionsContext.Provider value={actions}>
      <div className="suites-workspace">
        <TreeBar<Suite>
          key={projectId}
          kind={suiteTreeKind}
          projectId={projectId}
          heading={<ProjectTitle projectId={projectId} />}
          selectedId={selectedId}
          trail={trail}
          itemsFor={actions.itemsFor}
        />
        <div className="suites-workspace__content">
          <Outlet />
        </div>
      </div>
      {actions.dialog}
    </SuiteActionsContext.Provider>
  );
}
