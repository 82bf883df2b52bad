import { useObservable, useObservableEagerState, useObservableState } from 'observable-hooks';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceTime, distinctUntilChanged, map } from 'rxjs';
import { session } from '../../app/services.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { dashboardSwitches } from '../../session/user-config.ts';
import { favoriteIds$, useProjectDialogs } from '../projects/index.ts';
import { projectApi, type ProjectListQuery } from '../../entities/project/project-api.ts';
import { projectListChanges } from '../../entities/project/project-changes.ts';
import { DashboardToolbar } from './components/DashboardToolbar.tsx';
import { ProjectCards } from './components/ProjectCards.tsx';
import { ProjectTable } from './components/ProjectTable.tsx';
import { StatisticsStrip } from './components/StatisticsStrip.tsx';
import { DASHBOARD_PAGE_SIZE, SEARCH_DEBOUNCE_MS, storeDashboardView, storedDashboardView, type DashboardView } from './dashboard-view.ts';
import './dashboard.css';

const switches$ = session.config$.pipe(map(dashboardSwitches));

/** The cards shown greyed while the first page loads. */
const PLACEHOLDER_CARDS = ['first', 'second', 'third'];

/** How far the list goes: the table's page, or how many pages the cards have scrolled through; both restart with new filters. */
interface Paging {
  filters: string;
  page: number;
  cardPages: number;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { onlyFavorites, showArchived } = useObservableEagerState(switches$);
  const [view, setView] = useState<DashboardView>(storedDashboardView);
  const [search, setSearch] = useState('');
  const name = useObservableState(
    useObservable(
      (inputs$) =>
        inputs$.pipe(
          map(([text]) => text),
          debounceTime(SEARCH_DEBOUNCE_MS),
          distinctUntilChanged(),
        ),
      [search],
    ),
    '',
  );

  const filters = JSON.stringify([name, onlyFavorites, showArchived]);
  const [paging, setPaging] = useState<Paging>({ filters, page: 1, cardPages: 1 });
  const current = paging.filters === filters ? paging : { filters, page: 1, cardPages: 1 };
  const query: ProjectListQuery =
    view === 'table'
      ? { name, onlyFavorites, showArchived, page: current.page, pageSize: DASHBOARD_PAGE_SIZE }
      : // Cards grow by a page at a time; refetching them as one page keeps the list whole when projects come and go.
        { name, onlyFavorites, showArchived, page: 1, pageSize: DASHBOARD_PAGE_SIZE * current.cardPages };

  // Favourites come first in the list, so another favourite refetches it.
  const favoriteIds = useObservableEagerState(favoriteIds$);
  const list = useLiveQuery({ ...query, favoriteIds }, projectListChanges, projectApi.list);
  const { open, dialog } = useProjectDialogs();

  const chooseView = (next: DashboardView) => {
    storeDashboardView(next);
    setView(next);
  };

  return (
    <section className="dashboard">
      <header className="page-header">
        <h1>{t('dashboard.title')}</h1>
        <StatisticsStrip />
      </header>
      <DashboardToolbar
        search={search}
        onSearch={setSearch}
        onlyFavorites={onlyFavorites}
        onOnlyFavorites={(value) => session.changeConfig({ projects: { is_only_favorite: value } })}
        showArchived={showArchived}
        onShowArchived={(value) => session.changeConfig({ projects: { is_show_archived: value } })}
        view={view}
        onView={chooseView}
        onCreate={() => open('create')}
      />
      {list.data === null ? (
        <div className="project-cards">
          {PLACEHOLDER_CARDS.map((card) => (
            <Skeleton key={card} height="11rem" />
          ))}
        </div>
      ) : view === 'table' ? (
        <ProjectTable page={list.data} loading={list.stale} onPage={(page) => setPaging({ ...current, page })} onAction={open} />
      ) : list.data.results.length === 0 ? (
        <p className="dashboard__empty">{t('dashboard.empty')}</p>
      ) : (
        <ProjectCards
          projects={list.data.results}
          hasMore={list.data.count > list.data.results.length && !list.stale}
          onLoadMore={() => setPaging({ ...current, cardPages: current.cardPages + 1 })}
          onAction={open}
        />
      )}
      {dialog}
    </section>
  );
}
