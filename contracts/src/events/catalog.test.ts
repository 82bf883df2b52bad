import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { eventCatalog } from './all-events.ts';
import { joinCatalogues } from './catalog.ts';
import { caseEvents } from './cases.ts';
import { userEvents } from './users.ts';

describe('the event catalogue', () => {
  it('holds every module’s catalogue, and refuses an event type two modules define, naming both', () => {
    expect(eventCatalog.CaseCreated).toBe(caseEvents.CaseCreated);
    expect(eventCatalog.UserRegistered).toBe(userEvents.UserRegistered);
    const again = { CaseCreated: { version: 1, schema: z.object({}) } };
    expect(() => joinCatalogues({ caseEvents, again })).toThrow('event type CaseCreated is defined by both caseEvents and again');
  });
});
