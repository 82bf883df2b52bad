import { PAGE_SIZE_MAX, planRoutes, testRoutes, userRoutes, type Test, type planUnionItem, type testUnionItem } from '@testament/contracts';
import type { ReactNode } from 'react';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { everyId, firstPageIfGone, type PageQuery, type Paginated } from '../../../api/paginated.ts';
import { api } from '../../../app/services.ts';
import type { LevelPage } from '../../../components/list/tree-levels.ts';
import type { User } from '../../../session/user.ts';
import type { TestConditions, TestFilter } from '../../../entities/test/test-filter.ts';

export type { Test } from '@testament/contracts';
export type UnionPlan = z.output<typeof planUnionItem>;
export type UnionTest = z.output<typeof testUnionItem>;
export type UnionItem = UnionPlan | UnionTest;

/** What either view of the tests shows: a plan's subtree, or the project's tests (`planId` null), through the filter. */
export interface TestsViewProps {
  projectId: number;
  planId: number | null;
  filter: TestFilter;
  /** The page's tools (view, filters) at the start of the view's bar, so the list takes one line of tools. */
  toolbar?: ReactNode;
}

/** One page of the tests table: a plan's subtree, or the project's tests (`planId` null). */
export type TestsPageQuery = PageQuery & {
  project: number;
  planId: number | null;
  ordering?: string | undefined;
  conditions: TestConditions;
};

/** Who may be chosen as an assignee (cases-and-plans §6): members of a private project, else everyone but external users. */
export interface UserSearch {
  projectId: number;
  isPrivate: boolean;
  username: string;
}

/** Users offered at once, and per search (cases-and-plans §9: user search pages of 10 or 20). */
const USER_PAGE_SIZE = 20;

const tests = api.endpoints(testRoutes);
const plans = api.endpoints(planRoutes);
const users = api.endpoints(userRoutes);

const testsPage = ({ project, planId, conditions, ...page }: TestsPageQuery): Observable<Paginated<Test>> =>
  planId === null
    ? tests.list({ query: { project, ...page, ...conditions } }, { handles: [404] })
    : plans.tests({ id: planId, query: { show_descendants: true, ...page, ...conditions } }, { handles: [404] });

/** The calls of the tests list (§3.4 plan tests and union view, §3.5 tests, §3.14 users). */
export const testListApi = {
  list: firstPageIfGone(testsPage),
  /** The ids of every test the conditions select in a plan's subtree (or the project), a page of the largest size at a time. */
  ids: (scope: Omit<TestsPageQuery, keyof PageQuery | 'ordering'>): Observable<number[]> =>
    everyId((page) => testsPage({ ...scope, page, page_size: PAGE_SIZE_MAX, ordering: 'id' })),
  /** A page of one level of the tree: child plans with their matching tests counted, then the level's own tests. */
  level: (page: LevelPage, conditions: TestConditions, handles: number[]): Observable<Paginated<UnionItem>> =>
    plans.union({ query: { ...page, ordering: 'name', ...conditions } }, { handles }),
  users: ({ projectId, isPrivate, username }: UserSearch): Observable<Paginated<User>> =>
    users.list({
      query: { page: 1, page_size: USER_PAGE_SIZE, username, ...(isPrivate ? { project: projectId } : { exclude_external: projectId }) },
    }),
};
