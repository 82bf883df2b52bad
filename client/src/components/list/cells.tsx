import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import type { MoreRow, Parent } from './tree-levels.ts';
import './list.css';

/** Labels shown in a row before the rest is cut to '...' (§3 columns). */
const SHOWN_LABELS = 3;

/** A row's labels: three at most, then '...' naming the rest on hover; all of them on hover where the column cuts them short. */
export function LabelTags({ labels }: { labels: ReadonlyArray<{ id: number; name: string }> }) {
  return (
    <span className="list-view__labels" title={labels.map((label) => label.name).join(', ') || undefined}>
      {labels.slice(0, SHOWN_LABELS).map((label) => (
        <Tag key={label.id} value={label.name} className="label-tag" />
      ))}
      {labels.length > SHOWN_LABELS && (
        <span
          title={labels
            .slice(SHOWN_LABELS)
            .map((label) => label.name)
            .join(', ')}
        >
          ...
        </span>
      )}
    </span>
  );
}

/** A cell's text, whole on hover where the column cuts it short. */
export function CellText({ text }: { text: string | null | undefined }) {
  return text ? <span title={text}>{text}</span> : null;
}

export function CreatedAt({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return <>{formatDateTime(at, i18n.language)}</>;
}

/** The page's query with some keys set (or removed, null) and the rest kept: how a row opens its drawer. */
export function useSearchWith(): (changes: Record<string, string | null>) => string {
  const [params] = useSearchParams();
  return (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next.toString();
  };
}

interface DrawerLinkProps {
  /** The keys of the page's query that open the drawer. */
  opens: Record<string, string | null>;
  children: ReactNode;
  className?: string;
  /** Shown on hover: the whole name where a column cuts it short. */
  title?: string;
}

/** A link that opens a drawer through the page's query, keeping the rest of it; the row it sits in does not take the click too. */
export function DrawerLink({ opens, children, className, title }: DrawerLinkProps) {
  const searchWith = useSearchWith();
  return (
    <Link to={{ search: searchWith(opens) }} className={className} title={title} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

/** A row's name with its archive tag, opening its drawer. */
export function NameLink({
  name,
  archived,
  opens,
  className,
}: {
  name: string;
  archived: boolean;
  opens: Record<string, string | null>;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={className}>
      <DrawerLink opens={opens} title={name}>
        {name}
      </DrawerLink>
      {archived && <Tag value={t('list.archived')} severity="secondary" />}
    </span>
  );
}

/** The last row of a tree level while it has more rows. */
export function LoadMore({ row, onLoadMore }: { row: MoreRow; onLoadMore: (parent: Parent) => void }) {
  const { t } = useTranslation();
  return <Button type="button" label={t('list.loadMore', { count: row.left })} link size="small" onClick={() => onLoadMore(row.more)} />;
}
