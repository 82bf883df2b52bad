import type { Breadcrumbs } from '@testament/contracts';
import { BreadCrumb } from 'primereact/breadcrumb';
import type { MenuItem, MenuItemCommandEvent } from 'primereact/menuitem';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { map, of } from 'rxjs';
import { changesOf } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import type { TreeItem, TreeKind } from './tree-kind.ts';

/** The API's breadcrumbs go from the node up; the trail reads from the root down. */
export function trailOf(breadcrumbs: Breadcrumbs | null): Trail {
  const trail: Trail = [];
  for (let crumb = breadcrumbs; crumb; crumb = crumb.parent) trail.unshift({ id: crumb.id, title: crumb.title });
  return trail;
}

export type Trail = Array<{ id: number; title: string }>;

/** The selected node and those above it, from the root down; kept current as they are renamed or moved. */
export function useTrail(kind: TreeKind<TreeItem>, projectId: number, selectedId: number | null): Trail {
  const breadcrumbs = useLiveQuery(
    selectedId,
    (id) => changesOf(kind.topic(projectId)).pipe(map(() => id)),
    (id) => (id === null ? of(null) : kind.breadcrumbs(id)),
  ).data;
  const trail = trailOf(breadcrumbs ?? null);
  // Until the new node's answer comes, the previous node's trail is not this one's.
  return trail.at(-1)?.id === selectedId ? trail : [];
}

/** HOME, then every node from the root to the selected one (§2 Tree bar); `linkTo` gives a node's address, or the root's for null. */
export function TreeBreadcrumbs({ trail, linkTo, label }: { trail: Trail; linkTo(id: number | null): string; label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const item = (label: string, to: string): MenuItem => ({
    label,
    url: to,
    command: (event: MenuItemCommandEvent) => {
      event.originalEvent.preventDefault();
      void navigate(to);
    },
  });
  return (
    <BreadCrumb
      className="tree-bar__breadcrumbs"
      home={item(t('suites.tree.home'), linkTo(null))}
      model={trail.map((crumb) => item(crumb.title, linkTo(crumb.id)))}
      aria-label={label}
    />
  );
}
