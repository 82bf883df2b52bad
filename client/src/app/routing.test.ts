import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { featureRoutes } from './feature-routes.ts';
import { collectRoutes, type FeatureRoutes } from './routing.ts';

const declared = (routes: FeatureRoutes) => ({ routes });
const paths = (routes: RouteObject[]): unknown[] =>
  routes.map((route) => (route.children ? { [route.path ?? 'index']: paths(route.children) } : (route.path ?? 'index')));

describe('the routes the features declare', () => {
  it('hang where each says, a route holding the slot it opens', () => {
    const collected = collectRoutes({
      '../features/plans/routes.tsx': declared({
        routes: [
          { under: 'app', holds: 'plans', route: { path: 'projects/:projectId/plans' } },
          { under: 'plans', route: { path: ':planId/:tab?' } },
        ],
      }),
      '../features/plan-activity/routes.tsx': declared({ routes: [{ under: 'plans', route: { path: ':planId/activity' } }] }),
    });
    expect(paths(collected.under('app'))).toEqual([{ 'projects/:projectId/plans': [':planId/:tab?', ':planId/activity'] }]);
    expect(collected.under('administration')).toEqual([]);
  });

  it('give the project page its tabs and the sidebar its links, each in the place it takes', () => {
    const collected = collectRoutes({
      '../features/labels/routes.tsx': declared({
        routes: [{ under: 'project', route: { path: 'labels' }, tab: { order: 20, icon: 'pi pi-tags', label: 'projectPage.tabs.labels' } }],
        nav: [{ section: 'account', order: 5, to: '/b', icon: 'b', label: 'b' }],
      }),
      '../features/project-page/routes.tsx': declared({
        routes: [{ under: 'project', route: { path: 'overview' }, tab: { order: 0, icon: 'pi pi-chart-pie', label: 'x' } }],
        nav: [{ section: 'account', order: 1, to: '/a', icon: 'a', label: 'a' }],
      }),
    });
    expect(collected.projectTabs.map((tab) => tab.path)).toEqual(['overview', 'labels']);
    expect(collected.nav('account').map((entry) => entry.to)).toEqual(['/a', '/b']);
  });

  it('refuse a routes.tsx exporting anything else, and two tabs in one place', () => {
    expect(() => collectRoutes({ '../features/labels/routes.tsx': { routes: {}, pageSize: 20 } })).toThrow(
      '../features/labels/routes.tsx must export its routes (FeatureRoutes) and nothing else',
    );
    const tab = (path: string) => ({ under: 'project' as const, route: { path }, tab: { order: 10, icon: 'i', label: 'l' } });
    expect(() => collectRoutes({ a: declared({ routes: [tab('labels')] }), b: declared({ routes: [tab('statuses')] }) })).toThrow(
      'two project tabs both take place 10',
    );
  });

  it('are the app’s: every project tab of §2 in its order, and the sidebar’s sections', () => {
    expect(featureRoutes.projectTabs.map((tab) => tab.path)).toEqual([
      'overview',
      'parameters',
      'labels',
      'statuses',
      'custom-attributes',
      'integrations',
      'settings',
      'access-management',
      'audit',
    ]);
    expect(featureRoutes.nav('project').map((entry) => (typeof entry.to === 'string' ? entry.to : entry.to('7')))).toEqual([
      '/projects/7/overview',
      '/projects/7/suites',
      '/projects/7/plans',
    ]);
    expect(featureRoutes.nav('administration').map((entry) => entry.to)).toEqual([
      '/administration/users',
      '/administration/roles',
      '/administration/system-messages',
      '/administration/audit',
    ]);
    expect(featureRoutes.nav('account').map((entry) => entry.to)).toEqual(['/notifications', '/profile', '/logout']);
  });
});
