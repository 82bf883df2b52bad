/**
 * Which code folds each read model: a hash of the files its module runs (`SourceClosure`), of the
 * runner's (which upcasts every event before a fold sees it), and of the versions of the read
 * models whose collections it reads. A read model whose version changed is folded again; the
 * others are kept.
 */
import { createHash } from 'node:crypto';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Projection } from './projection.ts';
import { collectionOwners } from './projection-order.ts';
import { SourceClosure } from './source-closure.ts';

/** The files' names are hashed relative to the repository, so a checkout elsewhere has the same versions. */
const REPOSITORY = dirname(dirname(dirname(dirname(dirname(fileURLToPath(import.meta.url))))));
const RUNNER = fileURLToPath(new URL('./projection-runner.ts', import.meta.url));

/**
 * Set in the server's bundle to the versions of the read models it holds, by set of read models as a runner folds them
 * (`versionsKey`): the bundle runs the code it was built from, whatever its sources are now, and a thread's start reads
 * no source (server-bundle.ts).
 */
declare const TESTAMENT_READ_MODEL_VERSIONS: Record<string, Record<string, string>> | undefined;

/** A set of read models, as the bundle's versions name it. */
export const versionsKey = (projections: readonly Projection[]) => projections.map((projection) => projection.name).join(',');

/** By read model name, its version. */
export function readModelVersions(projections: readonly Projection[], closure = new SourceClosure()): Map<string, string> {
  const bundled =
    typeof TESTAMENT_READ_MODEL_VERSIONS === 'undefined' ? undefined : TESTAMENT_READ_MODEL_VERSIONS[versionsKey(projections)];
  if (bundled) return new Map(Object.entries(bundled));
  return versionsFromSources(projections, closure);
}

function versionsFromSources(projections: readonly Projection[], closure: SourceClosure): Map<string, string> {
  const runner = filesHash(closure, closure.of(RUNNER));
  const owners = collectionOwners(projections);
  const versions = new Map<string, string>();
  const versionOf = (projection: Projection, reading: readonly string[]): string => {
    const known = versions.get(projection.name);
    if (known) return known;
    if (reading.includes(projection.name))
      throw new Error(`read models read each other in a circle: ${[...reading, projection.name].join(' → ')}`);
    const hash = createHash('sha256').update(runner).update('\0').update(projection.name).update('\0');
    hash.update(projection.source ? filesHash(closure, closure.of(fileURLToPath(projection.source))) : 'no source');
    const read = [
      ...new Set(
        (projection.readsBefore ?? [])
          .map((collection) => owners.get(collection))
          .filter((owner): owner is Projection => owner !== undefined && owner !== projection),
      ),
    ];
    for (const owner of read.sort((a, b) => a.name.localeCompare(b.name)))
      hash
        .update('\0')
        .update(owner.name)
        .update(versionOf(owner, [...reading, projection.name]));
    const version = hash.digest('hex').slice(0, 16);
    versions.set(projection.name, version);
    return version;
  };
  for (const projection of projections) versionOf(projection, []);
  return versions;
}

function filesHash(closure: SourceClosure, files: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(relative(REPOSITORY, file)).update('\0').update(closure.text(file)).update('\0');
  return hash.digest('hex');
}
