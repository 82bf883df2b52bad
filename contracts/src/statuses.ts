/** The status model (§4.3). */
export const StatusType = { system: 0, custom: 1 } as const;

export interface SystemStatus {
  id: number;
  name: string;
  color: string;
  /** Created soft-deleted, for legacy rows (Rollbacked, Ext-Untested). */
  deleted: boolean;
}

/**
 * Seeded once with these ids, as on a fresh TestY database, so scripts that hard-code `status: 2` keep working.
 * The colours are Testament's own, not TestY's (whose Broken and Blocked were greys like Untested's, and Skipped
 * near-black, lost on a dark page): every two of the live ones and Untested's (`UNTESTED_SLICE`) differ by a CIEDE2000
 * of 20 or more, and each stands out 3:1 (WCAG, graphics) from the light and the dark theme's surfaces
 * (client/src/theme/status-colors.test.ts). A log seeded before keeps the colours it was seeded with.
 */
export const SYSTEM_STATUSES: readonly SystemStatus[] = [
  { id: 1, name: 'Failed', color: '#C44D56', deleted: false },
  { id: 2, name: 'Passed', color: '#2E8B57', deleted: false },
  { id: 3, name: 'Skipped', color: '#3C78D8', deleted: false },
  { id: 4, name: 'Broken', color: '#D2641E', deleted: false },
  { id: 5, name: 'Blocked', color: '#9B51D6', deleted: false },
  { id: 6, name: 'Retest', color: '#968200', deleted: false },
  { id: 7, name: 'Rollbacked', color: 'rgb(247, 225, 0)', deleted: true },
  { id: 8, name: 'Ext-Untested', color: '#00FFFF', deleted: true },
];

/** Allocated status ids start after the seeded ones. */
export const LAST_SEEDED_STATUS_ID = 8;

/** Names a custom status may not take (case-insensitively). */
export const BUILT_IN_STATUS_NAMES: readonly string[] = [
  'Failed',
  'Passed',
  'Skipped',
  'Broken',
  'Blocked',
  'Untested',
  'Retest',
  'Rollbacked',
];
