import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCommandService, namespaced } from './command-service.ts';

const folders = new Set(
  readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

describe('command names', () => {
  it('are <resource>.<verb>, the resource being the folder of its aggregate', () => {
    const names = Object.keys(createCommandService({ store: {} as never, ids: {} as never }));
    expect(names).toContain('statuses.delete');
    for (const name of names) {
      const [resource, verb, ...rest] = name.split('.');
      expect(rest, name).toEqual([]);
      expect(folders.has(resource!), `${name}: no folder services/commands/src/${resource}/`).toBe(true);
      expect(verb).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });

  it('refuse a verb defined twice for one resource, at start', () => {
    const handler = async () => ({ position: 0 });
    expect(() =>
      namespaced([
        ['statuses', { create: handler, delete: handler }],
        ['statuses', { delete: handler }],
      ]),
    ).toThrow('two command handlers are named statuses.delete');
    expect(
      Object.keys(
        namespaced([
          ['statuses', { delete: handler }],
          ['labels', { delete: handler }],
        ]),
      ),
    ).toEqual(['statuses.delete', 'labels.delete']);
  });
});
