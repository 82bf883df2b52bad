import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirEach } from '@testament/infra/testing/temp-dir';
import { allProjections } from '../index.ts';
import type { Projection } from './projection.ts';
import { readModelVersions } from './read-model-versions.ts';
import { SourceClosure } from './source-closure.ts';

const dir = tempDirEach('closure');

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir(), name), text);
}

function readModel(name: string, file: string, readsBefore: string[] = []): Projection {
  return {
    name,
    source: pathToFileURL(join(dir(), file)).href,
    collections: { [name]: { indexes: [] } },
    readsBefore,
    handles: new Set(),
    keys: () => [],
    apply: () => {},
  };
}

/** A small code base: two read models sharing a helper, one of them reading the other's collection. */
function codeBase(changes: Record<string, string> = {}): void {
  write({
    'shared.ts': 'export function total(values: number[]): number { return values.reduce((a, b) => a + b, 0); }\n',
    'types.ts': 'export interface Tally { key: string; total: number }\n',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a module, its template literal written out as it stands
    'format.ts': 'export const label = (key: string) => `#${key}`;\n',
    'tallies.ts':
      "import type { Tally } from './types.ts';\nimport { total } from " +
      "'./shared.ts';\nimport {\n  topics,\n  type PlanEvent,\n} from " +
      "'@testament/contracts';\nexport const tallies = { total, topics };\n",
    'ranks.ts': "import { label } from './format.ts';\nexport const ranks = label;\n",
    'notes.ts': "export { label as noteLabel } from './format.ts';\nexport type { Tally } from './types.ts';\n",
    ...changes,
  });
}

function versions(changes: Record<string, string> = {}): Map<string, string> {
  codeBase(changes);
  return readModelVersions(
    [readModel('tallies', 'tallies.ts'), readModel('ranks', 'ranks.ts', ['tallies']), readModel('notes', 'notes.ts')],
    new SourceClosure(),
  );
}

describe('a read model’s version follows the code it runs', () => {
  it(
    'the files a module runs: relative imports, re-exports, and a package’s ' +
      'named values followed to the files declaring them, type-only imports left out',
    () => {
      codeBase();
      const closure = new SourceClosure();
      const names = (file: string) =>
        [...closure.of(join(dir(), file))]
          .map((path) => (path.startsWith(dir()) ? path.slice(dir().length + 1) : path.slice(path.indexOf('/contracts/') + 1)))
          .sort();
      expect(names('tallies.ts')).toEqual(['contracts/src/names/topics.ts', 'shared.ts', 'tallies.ts']);
      expect(names('notes.ts')).toEqual(['format.ts', 'notes.ts']);
    },
  );

  it('a change to a file a read model runs changes its version and its readers’, and no other', () => {
    const before = versions();
    const helperChanged = versions({ 'shared.ts': 'export function total(values: number[]): number { return values.length; }\n' });
    expect(helperChanged.get('tallies')).not.toBe(before.get('tallies'));
    expect(helperChanged.get('ranks')).not.toBe(before.get('ranks'));
    expect(helperChanged.get('notes')).toBe(before.get('notes'));

    const formatChanged = versions({ 'format.ts': 'export const label = (key: string) => key;\n' });
    expect(formatChanged.get('tallies')).toBe(before.get('tallies'));
    expect(formatChanged.get('ranks')).not.toBe(before.get('ranks'));
    expect(formatChanged.get('notes')).not.toBe(before.get('notes'));
  });

  it('a change to types alone, or to the contracts’ files a read model does not run, keeps every version', () => {
    const before = versions();
    expect(versions({ 'types.ts': 'export interface Tally { key: string; total: number; note?: string }\n' })).toEqual(before);
  });

  it('every read model of the product names its module, and the runner’s upcasts are part of every version', () => {
    expect(allProjections.filter((projection) => projection.source === undefined).map((projection) => projection.name)).toEqual([]);
    const runner = new SourceClosure().of(fileURLToPath(new URL('./projection-runner.ts', import.meta.url)));
    expect([...runner].some((file) => file.endsWith('contracts/src/events/versions.ts'))).toBe(true);
    expect(new Set(readModelVersions(allProjections).values()).size).toBe(allProjections.length);
  });
});
