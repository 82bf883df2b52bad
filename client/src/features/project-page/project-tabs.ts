/** The project page's tabs, in order (§2 route table): /projects/{id}/{tab}. */
export const PROJECT_TABS = [
  { path: 'overview', icon: 'pi pi-chart-pie' },
  { path: 'parameters', icon: 'pi pi-sliders-h' },
  { path: 'labels', icon: 'pi pi-tags' },
  { path: 'statuses', icon: 'pi pi-circle' },
  { path: 'custom-attributes', icon: 'pi pi-list' },
  { path: 'integrations', icon: 'pi pi-link' },
  { path: 'settings', icon: 'pi pi-cog' },
  { path: 'access-management', icon: 'pi pi-users' },
  { path: 'audit', icon: 'pi pi-history' },
] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number]['path'];

/** The tab a path shows; the overview when it names none. */
export function tabIndexOf(tab: string | undefined): number {
  return Math.max(
    0,
    PROJECT_TABS.findIndex((candidate) => candidate.path === tab),
  );
}
