/** The status model (§4.3). */
export const StatusType = { system: 0, custom: 1 } as const;

export interface SystemStatus {
  id: number;
  name: string;
  color: string;
  /** Created soft-deleted, for legacy rows (Rollbacked, Ext-Untested). */
  deleted: boolean;
}

/** Seeded once with these ids, as on a fresh TestY database, so scripts that hard-code `status: 2` keep working. */
export const SYSTEM_STATUSES: readonly SystemStatus[] = [
  { id: 1, name: 'Failed', color: '#C44D56', deleted: false },
  { id: 2, name: 'Passed', color: '#4DAF7C', deleted: false },
  { id: 3, name: 'Skipped', color: 'rgba(34, 34, 34, 1)', deleted: false },
  { id: 4, name: 'Broken', color: 'rgba(160, 160, 160, 1)', deleted: false },
  { id: 5, name: 'Blocked', color: 'rgba(208, 208, 208, 1)', deleted: false },
  { id: 6, name: 'Retest', color: '#EFB622', deleted: false },
  { id: 7, name: 'Rollbacked', color: 'rgb(247, 225, 0)', deleted: true },
  { id: 8, name: 'Ext-Untested', color: '#00FFFF', deleted: true },
];

/** Allocated status ids start after the seeded ones. */
export const LAST_SEEDED_STATUS_ID = 8;

/** Names a custom status may not take (case-insensitively). */
export const BUILT_IN_STATUS_NAMES: readonly string[] = ['Failed', 'Passed', 'Skipped', 'Broken', 'Blocked', 'Untested', 'Retest', 'Rollbacked'];
