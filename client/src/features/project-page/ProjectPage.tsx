import { useObservable, useObservableState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch, useNavigate, useParams } from 'react-router';
import { map } from 'rxjs';
import { featureRoutes } from '../../app/feature-routes.ts';
import { RouteTabs } from '../../components/RouteTabs.tsx';
import { projectApi } from '../../entities/project/project-api.ts';
import { projectChanges } from '../../entities/project/project-changes.ts';
import { useProjectDialogs } from '../projects/index.ts';
import { ProjectHeader } from './components/ProjectHeader.tsx';
import './project-page.css';
import { projectStream } from './streams/project.ts';

/**
 * /projects/{id}/{tab}: the header, the tabs (the features' `under: 'project'` routes), and the tab's content with the project in its
 * outlet context.
 */
export function ProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = Number(useParams().projectId);
  const project$ = useObservable((inputs$) => projectStream(inputs$.pipe(map(([id]) => id)), projectChanges, projectApi.get), [
    projectId,
  ] as const);
  const project = useObservableState(project$, null);
  const tab = useMatch('/projects/:projectId/:tab')?.params.tab;
  // Deleting the project leaves nothing to show here (§2 Dashboard).
  const { open, dialog } = useProjectDialogs({ onDeleted: () => void navigate('/') });

  if (!project || project.id !== projectId) return <Skeleton height="10rem" />;
  const tabs = featureRoutes.projectTabs.map(({ path, icon, label }) => ({ label: t(label), icon, to: `/projects/${projectId}/${path}` }));
  // The tab a path shows; the overview when it names none.
  const active = Math.max(
    0,
    featureRoutes.projectTabs.findIndex((candidate) => candidate.path === tab),
  );
  return (
    <section className="project-page">
      <ProjectHeader project={project} onAction={open} />
      <RouteTabs tabs={tabs} active={active} className="project-page__tabs" />
      <Outlet context={project} />
      {dialog}
    </section>
  );
}
