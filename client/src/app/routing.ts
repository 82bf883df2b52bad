import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import type { Observable } from 'rxjs';
import { preloadCharts } from '../components/charts/preload-charts.ts';
import { declarationsIn } from '../shared/discovery/declarations.ts';
import { dropPrefetched, type PrefetchPlace } from './prefetch.ts';
import { session } from './services.ts';

/**
 * Where a feature's route hangs in the app (§2 route table): `root` beside the login page, outside the shell;
 * `app` inside the shell for a signed-in user; `project` a tab of the project page; `suites` and `plans` a page of
 * the workspace with its tree bar; `administration` a page for superusers.
 */
export type Slot = 'root' | 'app' | 'project' | 'suites' | 'plans' | 'administration';

/** A feature's route and where it goes. */
export interface FeatureRoute {
  under: Slot;
  route: RouteObject;
  /** The slot whose routes are this route's children: the project page holds the `project` tabs. */
  holds?: Slot;
  /** Under `project`: the route is a tab of the project page, shown in this place (lower first) with this label (a key). */
  tab?: { order: number; icon: string; label: string };
}

/** A link of the sidebar (§2 App shell). */
export interface NavEntry {
  /** `project` shows while a project is open, `administration` for superusers. */
  section: 'main' | 'project' | 'administration' | 'account';
  /** Its place in the section, lower first. */
  order: number;
  /** The address; in the `project` section, given the open project's id. */
  to: string | ((projectId: string) => string);
  icon: string;
  /** A translation key. */
  label: string;
  /** Active only on this exact address, not below it. */
  end?: boolean;
  /** A live count beside the link (the unread notifications), for the signed-in user. */
  badge?: (userId: number) => Observable<number>;
}

/** What a feature's `routes.tsx` declares: its routes and its sidebar links. The app finds every such file (app/feature-routes.ts). */
export interface FeatureRoutes {
  routes?: readonly FeatureRoute[];
  nav?: readonly NavEntry[];
}

const isFeatureRoutes = (value: unknown): value is FeatureRoutes =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, declared]) => (key === 'routes' || key === 'nav') && Array.isArray(declared));

/**
 * A screen loaded when first visited: the first page downloads the shell and its own screen
 * only, not every screen's tables, charts and markdown (the entry chunk was 957 KB with the
 * dashboard and the project page in it). The router asks for every matched route's module at
 * once, so a nested screen's chunks load side by side rather than one after the other.
 */
export async function page<M extends Record<string, unknown>>(module: Promise<M>, name: keyof M & string) {
  return { Component: (await module)[name] as ComponentType };
}

/** A screen that draws charts: apexcharts is asked for beside the screen's own chunks (see preloadCharts). */
export function charted<T>(screen: Promise<T>): Promise<T> {
  void preloadCharts().catch(() => undefined);
  return screen;
}

/**
 * A route whose screen's calls are asked for as its address is entered (app/prefetch.ts), beside the
 * download of its code and the app's first render, for a signed-in user; navigation waits for none of it.
 * Only a new node asks again: a tab, an opened test or a filter keeps the screen, whose lists ask for themselves.
 * The calls are in the entry (a feature's `prefetch.ts` reaches no screen): fetched as a chunk of their own, they
 * queued behind the screen's chunks and went out after the screen had asked itself.
 */
export function prefetching(screenCalls: (place: PrefetchPlace) => void): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) => {
      dropPrefetched();
      const search = new URL(request.url).searchParams;
      // Who is signed in is asked once the app has started, in the same task as this first loader: look after it.
      void session
        .signedInConfig()
        .then((config) => {
          if (config) screenCalls({ params, search, config });
        })
        .catch(() => undefined); // The screen then asks for itself.
      return null;
    },
    shouldRevalidate: ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
      currentParams.projectId !== nextParams.projectId || currentParams.planId !== nextParams.planId,
  };
}

/** The routes and links the features declare, put together: what the router and the shell show. */
export interface CollectedRoutes {
  /** The routes hung in a slot, each holding the routes of the slot it holds. */
  under(slot: Slot): RouteObject[];
  /** A sidebar section's links, in order. */
  nav(section: NavEntry['section']): NavEntry[];
  /** The project page's tabs, in order: the path under the project, its icon and label. */
  projectTabs: Array<{ path: string; icon: string; label: string }>;
}

/**
 * The features' `routes.tsx` modules, by path, put together. A module exporting anything but its routes, or two
 * tabs or links in one place, is refused: the app would not start rather than show a page twice.
 */
export function collectRoutes(modules: Record<string, Record<string, unknown>>): CollectedRoutes {
  const routes: FeatureRoute[] = [];
  const nav: NavEntry[] = [];
  for (const { declared } of declarationsIn(modules, isFeatureRoutes, 'its routes (FeatureRoutes)')) {
    routes.push(...(declared.routes ?? []));
    nav.push(...(declared.nav ?? []));
  }
  const tabs = routes.filter((route) => route.tab).sort((a, b) => a.tab!.order - b.tab!.order);
  const navIn = (section: NavEntry['section']) => nav.filter((entry) => entry.section === section).sort((a, b) => a.order - b.order);
  const sections = ['main', 'project', 'administration', 'account'] as const;
  refuseSharedPlaces(
    'project tabs',
    tabs.map((route) => route.tab!.order),
  );
  for (const section of sections)
    refuseSharedPlaces(
      `${section} sidebar links`,
      navIn(section).map((entry) => entry.order),
    );
  const under = (slot: Slot): RouteObject[] =>
    routes
      .filter((route) => route.under === slot)
      .map(({ route, holds }) => (holds ? ({ ...route, children: [...(route.children ?? []), ...under(holds)] } as RouteObject) : route));
  return {
    under,
    nav: navIn,
    projectTabs: tabs.map(({ route, tab }) => ({ path: route.path ?? '', icon: tab!.icon, label: tab!.label })),
  };
}

/** Two tabs or links in one place would show in an order nobody chose. */
function refuseSharedPlaces(what: string, orders: number[]): void {
  const twice = orders.find((order, index) => orders.indexOf(order) !== index);
  if (twice !== undefined) throw new Error(`two ${what} both take place ${twice}`);
}
