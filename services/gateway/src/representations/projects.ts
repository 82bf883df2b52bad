import { DEFAULT_PROJECT_SETTINGS, formatCalendarDuration, favoriteProjectIds } from '@testament/contracts';
import { isProjectManageable, isProjectVisible, type Viewer } from '@testament/projections/projects/queries';
import type { ProjectDocument } from '@testament/projections/projects/project-document';
import type { UserDocument } from '@testament/projections/users/user-document';
import { createHash } from 'node:crypto';

export function viewerOf(user: UserDocument & { onlyProjectId?: number }): Viewer {
  return {
    onlyProjectId: user.onlyProjectId,
    userId: user._id,
    isSuperuser: user.isSuperuser,
    isExternal: user.isExternal,
    favoriteIds: favoriteProjectIds(user.config),
    viewableProjectIds: user.viewableProjectIds,
    manageableProjectIds: user.manageableProjectIds,
  };
}

function iconUrl(project: ProjectDocument, origin: string): string {
  if (!project.icon) return '';
  // The key changes with every upload, so browsers never show a stale icon.
  const version = createHash('sha256').update(project.icon).digest('hex').slice(0, 12);
  return `${origin}/api/v2/projects/${project._id}/icon/?v=${version}`;
}

/**
 * The Project object of §3.1. A project the caller cannot see keeps only what
 * the dashboard's blurred card needs: no description, no figures.
 */
export function projectRepresentation(project: ProjectDocument, viewer: Viewer, origin: string) {
  const visible = isProjectVisible(project, viewer);
  const counts = visible ? project.counts : { suites: 0, cases: 0, plans: 0, tests: 0 };
  return {
    id: project._id,
    url: `${origin}/api/v2/projects/${project._id}/`,
    name: project.name,
    description: visible ? project.description : '',
    is_archive: project.isArchive,
    is_private: project.isPrivate,
    icon: iconUrl(project, origin),
    settings: {
      is_result_editable: project.settings.isResultEditable,
      result_edit_limit: project.settings.resultEditLimit === null ? null : formatCalendarDuration(project.settings.resultEditLimit),
      status_order: project.settings.statusOrder,
      default_status: project.settings.defaultStatus,
      // Projects folded before import statuses existed have none stored: they hold the defaults.
      import_statuses: project.settings.importStatuses ?? DEFAULT_PROJECT_SETTINGS.importStatuses,
    },
    is_manageable: isProjectManageable(project, viewer),
    is_visible: visible,
    cases_count: counts.cases,
    suites_count: counts.suites,
    plans_count: counts.plans,
    tests_count: counts.tests,
    created_at: project.createdAt,
    updated_at: project.updatedAt,
  };
}

/** Delete and archive previews (§4.13): one row per affected model, the project itself last. */
export function deletePreview(project: ProjectDocument) {
  return [
    { verbose_name: 'test suite', verbose_name_related_model: 'projects', count: project.counts.suites },
    { verbose_name: 'test case', verbose_name_related_model: 'projects', count: project.counts.cases },
    { verbose_name: 'test plan', verbose_name_related_model: 'projects', count: project.counts.plans },
    { verbose_name: 'test', verbose_name_related_model: 'projects', count: project.counts.tests },
    { verbose_name: 'source model', verbose_name_related_model: 'projects', count: 1 },
  ];
}

export function archivePreview(project: ProjectDocument) {
  return [
    { verbose_name: 'test plan', verbose_name_related_model: 'projects', count: project.counts.plans },
    { verbose_name: 'test case', verbose_name_related_model: 'projects', count: project.counts.cases },
    { verbose_name: 'test', verbose_name_related_model: 'projects', count: project.counts.tests },
    { verbose_name: 'source model', verbose_name_related_model: 'projects', count: 1 },
  ];
}
