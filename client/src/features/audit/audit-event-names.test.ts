import { eventCatalog } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { auditTexts } from './texts.ts';

describe('the audit trail’s event type names', () => {
  const types = Object.keys(eventCatalog).sort();

  it.each([
    ['English', auditTexts.en.eventTypes as Record<string, string>],
    ['Russian', auditTexts.ru.eventTypes as Record<string, string>],
  ])('name every event type the log holds in %s, in words rather than the type itself, and nothing else', (_language, names) => {
    expect(Object.keys(names).sort()).toEqual(types);
    const unnamed = types.filter((type) => !names[type]?.trim() || names[type] === type);
    expect(unnamed).toEqual([]);
    // Two types with one name would read as the same event.
    const byName = new Map<string, string[]>();
    for (const type of types) byName.set(names[type]!, [...(byName.get(names[type]!) ?? []), type]);
    expect([...byName.values()].filter((same) => same.length > 1)).toEqual([]);
  });
});
