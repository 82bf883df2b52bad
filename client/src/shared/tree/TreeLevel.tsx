import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { memo, useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changesOf } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { selectionAfterClick } from './tree-bar-settings.ts';
import { useTree, useTreeActions } from './tree-context.ts';
import type { LevelQuery, TreeItem } from './tree-kind.ts';
import { isOwnEvent, onTreeItemKeyDown } from './tree-keys.ts';

/** Tree indent per level (§9). */
const INDENT = 20;
/** "Load more" lines up with the names, past the expand arrows. */
const TOGGLE_WIDTH = 28;

/** One level of the tree, loaded when shown, a page of 99 at a time, refreshed when the project's suites (or plans) change. */
export function TreeLevel({ parentId, depth }: { parentId: number | null; depth: number }) {
  const { t } = useTranslation();
  const { kind, projectId, ordering, search, archived, isOpen, selectedId, focusedId } = useTree();
  const [pages, setPages] = useState(1);
  const query: LevelQuery = { projectId, parentId, ordering, search, pages, archived };
  const level = useLiveQuery(query, (q) => changesOf(kind.topic(q.projectId)), kind.level).data;
  if (!level) {
    return (
      <li role="none">
        <Skeleton height="1.5rem" className="suite-tree__loading" />
      </li>
    );
  }
  if (parentId === null && level.count === 0) {
    return (
      <li role="none" className="suite-tree__empty">
        {search.trim() ? t('suites.tree.noMatches') : t(kind.texts.empty)}
      </li>
    );
  }
  return (
    <>
      {level.items.map((item) => (
        <TreeNode
          key={item.id}
          item={item}
          depth={depth}
          open={item.has_children && isOpen(item.id)}
          selected={selectedId === item.id}
          focused={focusedId === item.id}
        />
      ))}
      {level.items.length < level.count && (
        <li role="none" style={{ paddingLeft: `${(depth - 1) * INDENT + TOGGLE_WIDTH}px` }}>
          <Button type="button" label={t('suites.tree.loadMore')} link size="small" onClick={() => setPages(pages + 1)} />
        </li>
      )}
    </>
  );
}

/** A modified click opens the link as a browser does (a new tab); a plain one selects in place. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A suite or a plan in the tree: its expand arrow, its link, its info button and its right-click menu
 * (§2 Tree bar). The node itself takes the focus and the keys; its arrow and link are for the mouse,
 * and its info button is reached with Tab from the focused node.
 */
interface TreeNodeProps {
  item: TreeItem;
  depth: number;
  /** Showing its children. */
  open: boolean;
  selected: boolean;
  /** Holding the tree's tab stop. */
  focused: boolean;
}

// Memoised: a node draws again when its own item or state changes, not whenever the bar does.
const TreeNode = memo(function TreeNode({ item, depth, open, selected, focused }: TreeNodeProps) {
  const { t } = useTranslation();
  const tree = useTreeActions();
  const { nodeGone, kind } = tree;
  // A node closed away, filtered out or deleted while holding the tab stop gives it back to the tree.
  /* biome-ignore lint/correctness/useExhaustiveDependencies: the tab stop is handed back when this node goes,
     whatever the tree's callbacks are by then */
  useEffect(() => () => nodeGone(item.id), [item.id]);
  const name = kind.nameOf(item);
  const counted = kind.countOf?.(item);
  const expanded = item.has_children ? open : undefined;
  return (
    <li
      role="treeitem"
      aria-level={depth}
      aria-selected={selected}
      aria-expanded={expanded}
      aria-label={name}
      aria-description={counted && t(counted.text, { count: counted.count })}
      tabIndex={focused ? 0 : -1}
      onFocus={(event) => {
        if (isOwnEvent(event)) tree.nodeFocused(item.id);
      }}
      onKeyDown={(event) => onTreeItemKeyDown(event, { expanded, toggle: () => tree.toggle(item.id), open: () => tree.go(item.id) })}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the row only takes the right click for the node's menu;
          the treeitem around it is the focusable element that handles keys */}
      <div
        className={`suite-node${selected ? ' suite-node--selected' : ''}`}
        style={{ paddingLeft: `${(depth - 1) * INDENT}px` }}
        onContextMenu={(event) => tree.openMenu(event, item)}
      >
        {item.has_children ? (
          <Button
            type="button"
            icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
            text
            rounded
            size="small"
            className="suite-node__toggle"
            tabIndex={-1}
            aria-label={t(open ? 'suites.tree.collapse' : 'suites.tree.expand', { name })}
            onClick={() => tree.toggle(item.id)}
          />
        ) : (
          <span className="suite-node__toggle" aria-hidden />
        )}
        <Link
          to={tree.linkTo(item.id)}
          className="suite-node__link"
          tabIndex={-1}
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            tree.go(selectionAfterClick(selected ? item.id : null, item.id));
          }}
        >
          {name}
        </Link>
        {counted && (
          <span className="suite-node__count" title={t(counted.text, { count: counted.count })} aria-hidden>
            {counted.count}
          </span>
        )}
        {item.is_archive && <i className="pi pi-box suite-node__archived" role="img" aria-label={t('suites.tree.archived')} />}
        <Button
          type="button"
          icon={kind.infoIcon}
          text
          rounded
          size="small"
          severity="secondary"
          className="suite-node__info"
          tabIndex={focused ? 0 : -1}
          aria-label={t(kind.texts.info, { name })}
          onClick={(event) => tree.openInfo(event, item)}
        />
      </div>
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA tree pattern: a treeitem's children are a list with the group role
        <ul role="group" className="suite-tree__group">
          <TreeLevel parentId={item.id} depth={depth + 1} />
        </ul>
      )}
    </li>
  );
});
