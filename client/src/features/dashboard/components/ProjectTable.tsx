import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { Paginated } from '../../../api/paginated.ts';
import { Markdown } from '../../../components/Markdown.tsx';
import { ProjectIcon, ProjectName, ProjectTags, type ProjectDialogKind } from '../../projects/index.ts';
import { PROJECT_COUNTERS, type Project } from '../../../entities/project/project.ts';
import { DASHBOARD_PAGE_SIZE } from '../dashboard-view.ts';
import { ProjectActions } from './ProjectActions.tsx';

interface ProjectTableProps {
  page: Paginated<Project>;
  loading: boolean;
  onPage(page: number): void;
  onAction(kind: ProjectDialogKind, project: Project): void;
}

/** The table view: server-side pages of ten. */
export function ProjectTable({ page, loading, onPage, onAction }: ProjectTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable
      className="project-table"
      value={page.results}
      dataKey="id"
      lazy
      paginator
      rows={DASHBOARD_PAGE_SIZE}
      first={(page.pages.current - 1) * DASHBOARD_PAGE_SIZE}
      totalRecords={page.count}
      onPage={(event) => onPage((event.page ?? 0) + 1)}
      loading={loading}
      emptyMessage={t('dashboard.empty')}
      rowClassName={(project: Project) => (project.is_visible ? '' : 'project-row--hidden')}
      pt={{ table: { 'aria-label': t('dashboard.title') } }}
    >
      <Column
        header={t('dashboard.columns.project')}
        className="project-table__project"
        body={(project: Project) => (
          <span className="project-table__name">
            <ProjectIcon project={project} size="normal" />
            <ProjectName project={project} />
          </span>
        )}
      />
      <Column
        header={t('dashboard.columns.description')}
        className="project-table__about"
        body={(project: Project) => <Markdown compact text={project.description} className="project-table__description" />}
      />
      {PROJECT_COUNTERS.map((counter) => (
        <Column
          key={counter}
          header={t(`projects.counters.${counter}`)}
          body={(project: Project) => (project.is_visible ? project[counter] : '-')}
          align="right"
          alignHeader="right"
          className="project-table__count"
        />
      ))}
      <Column header={t('dashboard.columns.status')} body={(project: Project) => <ProjectTags project={project} />} />
      <Column body={(project: Project) => <ProjectActions project={project} onAction={onAction} />} className="project-table__actions" />
    </DataTable>
  );
}
