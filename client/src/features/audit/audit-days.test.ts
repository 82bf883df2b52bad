import type { AuditEvent } from '@testament/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { auditDays } from './audit-days.ts';
import { anAuditEvent } from '../../testing/audit-fixtures.ts';

const positions = (events: AuditEvent[]) => events.map((event) => event.position);
const localZone = process.env.TZ;

afterEach(() => {
  if (localZone === undefined) delete process.env.TZ;
  else process.env.TZ = localZone;
});

describe('a page of audit events by day', () => {
  it('keeps the page’s order, newest first or oldest first, a header per day', () => {
    process.env.TZ = 'UTC';
    const newestFirst = [
      anAuditEvent(4, '2026-06-03T18:00:00Z'),
      anAuditEvent(3, '2026-06-03T09:00:00Z'),
      anAuditEvent(2, '2026-06-02T10:00:00Z'),
    ];
    expect(auditDays(newestFirst).map((day) => [day.day, positions(day.events)])).toEqual([
      ['2026-06-03', [4, 3]],
      ['2026-06-02', [2]],
    ]);
    expect(auditDays([...newestFirst].reverse()).map((day) => [day.day, positions(day.events)])).toEqual([
      ['2026-06-02', [2]],
      ['2026-06-03', [3, 4]],
    ]);
  });

  it('files each event under the reader’s own day: an evening in UTC is the next morning in Moscow', () => {
    process.env.TZ = 'Europe/Moscow'; // UTC+3
    const events = [
      anAuditEvent(3, '2026-06-03T09:00:00Z'),
      anAuditEvent(2, '2026-06-02T22:30:00Z'),
      anAuditEvent(1, '2026-06-02T20:00:00Z'),
    ];
    expect(auditDays(events).map((day) => [day.day, positions(day.events)])).toEqual([
      ['2026-06-03', [3, 2]],
      ['2026-06-02', [1]],
    ]);
    process.env.TZ = 'America/New_York'; // UTC-4 in June
    expect(auditDays(events).map((day) => [day.day, positions(day.events)])).toEqual([
      ['2026-06-03', [3]],
      ['2026-06-02', [2, 1]],
    ]);
  });

  it('shows nothing for an empty page', () => {
    expect(auditDays([])).toEqual([]);
  });
});
