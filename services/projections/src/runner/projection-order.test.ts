import { describe, expect, it } from 'vitest';
import { allProjections } from '../index.ts';
import type { Projection } from './projection.ts';
import { projectionOrder, readersOf } from './projection-order.ts';

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

  it('finds the readers of what cannot be folded, through readers of readers, among the candidates only', () => {
    const tests = model('tests', ['tests']);
    const plans = model('plans', ['plans'], ['tests']);
    const projects = model('projects', ['projects'], ['plans']);
    const users = model('users', ['users']);
    const names = (found: Set<Projection>) => [...found].map((projection) => projection.name).sort();
    expect(names(readersOf([tests], [plans, projects, users]))).toEqual(['plans', 'projects']);
    // Projects reads plans, which is neither unavailable nor a candidate: it is folded, so projects can be too.
    expect(names(readersOf([tests], [projects, users]))).toEqual([]);
    expect(names(readersOf([users], [plans, projects]))).toEqual([]);
  });
});
