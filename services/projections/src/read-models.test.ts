import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditProjections, declaredReadModels, READ_MODEL_FILE, readModelProjections } from './read-models.ts';
import { AUDIT_RUNNER } from './runner/read-model-declaration.ts';

const foldersDeclaring = readdirSync(new URL('./', import.meta.url), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name === READ_MODEL_FILE)
  .map((entry) => entry.parentPath.split('/').at(-1));

describe('the read models, found by their folders', () => {
  it('are every folder holding a read-model.ts, each once, by its own name', () => {
    // The one read model named otherwise: its name is in its stored tables' names, so renaming it would refold it at an upgrade.
    const folderOf = (name: string) => (name === 'customAttributes' ? 'custom-attributes' : name);
    expect(declaredReadModels).toHaveLength(foldersDeclaring.length);
    expect(declaredReadModels.map((readModel) => folderOf(readModel.projection.name)).sort()).toEqual([...foldersDeclaring].sort());
  });

  it('fold on the runner they name: the audit trail alone behind the others', () => {
    expect(auditProjections.map((projection) => projection.name)).toEqual(['audit']);
    expect(readModelProjections.map((projection) => projection.name)).not.toContain('audit');
    expect(readModelProjections.length + auditProjections.length).toBe(declaredReadModels.length);
    expect(declaredReadModels.find((readModel) => readModel.projection.name === 'audit')?.runner).toBe(AUDIT_RUNNER);
  });

  it('say whether a past folds them: what the as-of screens show does, histories and the trail do not', () => {
    const folded = declaredReadModels.filter((readModel) => readModel.pasts === 'folded').map((readModel) => readModel.projection.name);
    expect(folded).toEqual(expect.arrayContaining(['plans', 'tests', 'cases', 'suites', 'statuses', 'labels', 'users']));
    expect(folded).not.toEqual(expect.arrayContaining(['audit']));
    expect(folded).not.toContain('result-history');
  });
});
