import type { UserConfig } from '@testament/contracts';
import { useObservableState } from 'observable-hooks';
import { session } from '../../app/services.ts';
import { configSection } from '../../session/user-config.ts';

/** Each view of each list keeps its own widths and page size. */
export type UserList = 'tests_table' | 'tests_tree' | 'cases_table' | 'cases_tree';

/** What a person's config keeps of a list (`ui.<list>`), so it follows them to any browser. */
export interface UserListSettings {
  /** Widths in pixels the person gave columns by dragging their edges, by column. */
  widths: Record<string, number>;
  /** The page size they chose, when it is one the list still offers. */
  pageSize: number | null;
}

/** The narrowest and widest a kept width may be: a width from another version or typed by hand stays usable. */
export const COLUMN_WIDTH_RANGE = { min: 48, max: 1600 } as const;

const isWidth = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= COLUMN_WIDTH_RANGE.min && value <= COLUMN_WIDTH_RANGE.max;

export function userListSettings(config: UserConfig, list: UserList, pageSizes: readonly number[] = []): UserListSettings {
  const kept = configSection(configSection(config, 'ui'), list);
  const widths = Object.fromEntries(
    Object.entries(configSection(kept, 'column_widths')).filter((entry): entry is [string, number] => isWidth(entry[1])),
  );
  const pageSize = pageSizes.find((size) => size === kept.page_size) ?? null;
  return { widths, pageSize };
}

/** Config patches that keep one choice; the server deep-merges them into the rest (null removes a key). */
export const userListPatch = {
  width: (list: UserList, column: string, width: number): UserConfig => ({
    ui: { [list]: { column_widths: { [column]: Math.round(Math.min(COLUMN_WIDTH_RANGE.max, Math.max(COLUMN_WIDTH_RANGE.min, width))) } } },
  }),
  defaultWidths: (list: UserList): UserConfig => ({ ui: { [list]: { column_widths: null } } }),
  pageSize: (list: UserList, pageSize: number): UserConfig => ({ ui: { [list]: { page_size: pageSize } } }),
};

/** The signed-in person's settings of a list, following their config as it changes (here or in another browser). */
export function useUserListSettings(list: UserList, pageSizes: readonly number[] = []): UserListSettings {
  const config = useObservableState(session.config$, session.config$.value);
  return userListSettings(config, list, pageSizes);
}
