import { describe, expect, it } from 'vitest';
import { allProjections } from '../index.ts';
import type { Projection } from './projection.ts';
import { projectionOrder } from './projection-order.ts';

const model = (name: string, owns: string[], readsBefore?: string[]): Projection => ({
  name,
  collections: Object.fromEntries(owns.map((collection) => [collection, { indexes: [] }])),
  ...(readsBefore ? { readsBefore } : {}),
  handles: new Set(),
  keys: () => [],
  apply: () => undefined,
});

describe('projection order', () => {
  it('puts a read model before the owners of what it reads, whatever the list order', () => {
    const names = (projections: Projection[]) => projections.map((projection) => projection.name);
    for (const listed of [allProjections, [...allProjections].reverse()]) {
      const order = names(projectionOrder(listed));
      expect(order.indexOf('notifications')).toBeLessThan(order.indexOf('projects'));
      expect(order.indexOf('notifications')).toBeLessThan(order.indexOf('users'));
      expect(order.indexOf('notifications')).toBeLessThan(order.indexOf('access-requests'));
      expect([...order].sort()).toEqual(names([...allProjections]).sort());
    }
  });

  it('refuses declarations that cannot hold', () => {
    expect(() => projectionOrder([model('a', ['x']), model('b', ['x'])])).toThrow(/owned by both a and b/);
    expect(() => projectionOrder([model('a', ['x'], ['y'])])).toThrow(/no read model owns/);
    expect(() => projectionOrder([model('a', ['x'], ['x'])])).toThrow(/its own collection/);
    expect(() => projectionOrder([model('a', ['x'], ['y']), model('b', ['y'], ['x'])])).toThrow(/circle/);
  });
});
