import { StatusType, type Status, statusRoutes } from '@testament/contracts';
import { catalogueApi } from '../catalogue/catalogue-api.ts';

export type { Status } from '@testament/contracts';

export const statusApi = catalogueApi(statusRoutes);

/** System statuses cannot be edited or deleted (§2 Statuses). */
export const isSystemStatus = (status: Status) => status.type === StatusType.system;

/**
 * The list as the user arranged it while the new order is pending: the
 * arranged ids first, then any status that appeared meanwhile, in the
 * server's order; statuses deleted meanwhile drop out.
 */
export function arrangedStatuses(statuses: readonly Status[], arrangement: readonly number[] | null): Status[] {
  if (!arrangement) return [...statuses];
  const byId = new Map(statuses.map((status) => [status.id, status]));
  const arranged = arrangement.flatMap((id) => byId.get(id) ?? []);
  return [...arranged, ...statuses.filter((status) => !arrangement.includes(status.id))];
}

/** `settings.status_order`: each status id, as a string key, to its position (§3.1). */
export function statusOrderSetting(statuses: readonly Status[]): Record<string, number> {
  return Object.fromEntries(statuses.map((status, position) => [String(status.id), position]));
}

/** Whether the arrangement differs from the saved order, so Save order has something to save. */
export function orderChanged(saved: readonly Status[], arranged: readonly Status[]): boolean {
  return saved.some((status, index) => arranged[index]?.id !== status.id);
}

/** The arrangement after moving one status a place up (-1) or down (+1), for those who reorder with the keyboard. */
export function moved(statuses: readonly Status[], index: number, delta: -1 | 1): number[] {
  const ids = statuses.map((status) => status.id);
  const target = index + delta;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}
