/** Settings kept in this browser only (§3 "Local settings"). */
export type LocalSetting =
  | 'lang'
  | 'theme'
  | 'dashboard-view'
  | 'hidden-system-messages'
  | 'suite-tree'
  | 'plan-tree'
  | 'case-list'
  | 'test-list'
  | 'case-drawer-width'
  | 'test-drawer-width';

export function readLocal(key: LocalSetting): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // Storage can be disabled; the defaults apply.
  }
}

export function writeLocal(key: LocalSetting, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted, still applied for this visit.
  }
}
