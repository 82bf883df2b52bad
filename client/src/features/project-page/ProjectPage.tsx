import { useObservable, useObservableState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { TabMenu } from 'primereact/tabmenu';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams } from 'react-router';
import { map } from 'rxjs';
import { projectApi } from '../projects/project-api.ts';
import { projectChanges } from '../projects/project-changes.ts';
import { useProjectDialogs } from '../projects/use-project-dialogs.tsx';
import { ProjectHeader } from './components/ProjectHeader.tsx';
import './project-page.css';
import { projectStream } from './streams/project.ts';

/** /projects/{id}/{tab}: the header, the tabs, and the tab's content with the project in its outlet context. */
export function ProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = Number(useParams()['projectId']);
  const project$ = useObservable((inputs$) => projectStream(inputs$.pipe(map(([id]) => id)), projectChanges, projectApi.get), [projectId] as const);
  const project = useObservableState(project$, null);
  // Deleting the project leaves nothing to show here (§2 Dashboard).
  const { open, dialog } = useProjectDialogs({ onDeleted: () => void navigate('/') });

  if (!project || project.id !== projectId) return <Skeleton height="10rem" />;
  const tabs = [{ label: t('projectPage.tabs.overview'), icon: 'pi pi-chart-pie', command: () => void navigate(`/projects/${projectId}/overview`) }];
  return (
    <section className="project-page">
      <ProjectHeader project={project} onAction={open} />
      <TabMenu model={tabs} activeIndex={0} className="project-page__tabs" />
      <Outlet context={project} />
      {dialog}
    </section>
  );
}
