import { Outlet, useParams } from 'react-router';
import { useTrail } from '../../shared/tree/TreeBreadcrumbs.tsx';
import { TreeBar } from '../../shared/tree/TreeBar.tsx';
import { ProjectTitle } from '../../entities/project/ProjectTitle.tsx';
import { PlanActionsContext, usePlanActions } from './dialogs/use-plan-actions.tsx';
import type { Plan } from '../../entities/plan/plan-api.ts';
import { planTreeKind } from '../../entities/plan/plan-tree-kind.tsx';
import '../../shared/tree/suites.css';
import './plans.css';

/**
 * /projects/{id}/plans/*: the tree bar in plans mode beside a plan, the project's root or a plan form in the
 * outlet (cases-and-plans §2). The plan actions' dialogs live here, so they outlast the page they were opened on.
 */
export function PlansWorkspace() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const selectedId = params.planId ? Number(params.planId) : null;
  const trail = useTrail(planTreeKind, projectId, selectedId);
  const actions = usePlanActions(projectId, selectedId === null ? [] : [...trail.map((crumb) => crumb.id), selectedId]);
  return (
    <PlanActionsContext.Provider value={actions}>
      <div className="suites-workspace">
        <TreeBar<Plan>
          key={projectId}
          kind={planTreeKind}
          projectId={projectId}
          heading={<ProjectTitle projectId={projectId} />}
          selectedId={selectedId}
          trail={trail}
          itemsFor={actions.menuFor}
        />
        <div className="suites-workspace__content">
          <Outlet />
        </div>
      </div>
      {actions.dialog}
    </PlanActionsContext.Provider>
  );
}
