import { foldersDeclaring } from '@testament/infra';
import type { Projection } from './runner/projection.ts';
import { AUDIT_RUNNER, type ReadModelDeclaration } from './runner/read-model-declaration.ts';

const HERE = new URL('./', import.meta.url);
/** The file by which a folder here declares its read model. */
export const READ_MODEL_FILE = 'read-model.ts';

/**
 * Every folder here holding a `read-model.ts` is one read model, named as in every other layer: a new read model
 * is a new folder, with no list to edit. Folders come alphabetically; the runner orders the projections by what
 * they read (projection-order.ts).
 */
async function findReadModels(): Promise<ReadModelDeclaration[]> {
  const folders = foldersDeclaring(HERE, READ_MODEL_FILE);
  return Promise.all(
    folders.map(async (folder) => {
      // A relative template, so the server's bundle (services/gateway/src/server-bundle.ts) holds every folder's declaration.
      const module = (await import(`./${folder}/read-model.ts`)) as { readModel?: ReadModelDeclaration };
      if (!module.readModel?.projection) throw new Error(`${folder}/${READ_MODEL_FILE} must export its readModel`);
      return module.readModel;
    }),
  );
}

/** Every read model, as its folder declares it. */
export const declaredReadModels: readonly ReadModelDeclaration[] = await findReadModels();

/** The read models the screens read, folded by the runner a start waits for. */
export const readModelProjections: readonly Projection[] = declaredReadModels
  .filter((readModel) => readModel.runner !== AUDIT_RUNNER)
  .map((readModel) => readModel.projection);

/**
 * The audit trail folds on a runner of its own (`AUDIT_RUNNER`), behind the others: a row per
 * event costs more than every other read model together, so a start does not wait for it.
 */
export const auditProjections: readonly Projection[] = declaredReadModels
  .filter((readModel) => readModel.runner === AUDIT_RUNNER)
  .map((readModel) => readModel.projection);
