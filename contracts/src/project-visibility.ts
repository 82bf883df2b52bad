/** Who is asking, as far as seeing a project goes. */
export interface ProjectViewer {
  isSuperuser: boolean;
  /** External users see only projects their roles open to them, public or not. */
  isExternal: boolean;
  /** Set when the caller uses an API token kept to one project: no other project is seen, or changed. */
  onlyProjectId?: number | undefined;
}

/**
 * §3.1 `is_visible`, the one rule reads and writes both apply: a token kept to one project sees that one alone; superusers see
 * every project; internal users see every public one; otherwise the caller's
 * roles in the project must grant `view_project` (asked only then, as working
 * it out may cost a lookup).
 */
export function mayViewProject(project: { id: number; isPrivate: boolean }, viewer: ProjectViewer, rolesGrantView: () => boolean): boolean {
  if (viewer.onlyProjectId !== undefined && viewer.onlyProjectId !== project.id) return false;
  if (viewer.isSuperuser) return true;
  if (!project.isPrivate && !viewer.isExternal) return true;
  return rolesGrantView();
}
