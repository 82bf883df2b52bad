import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditProjections, readModelProjections, readModelVersions } from '@testament/projections';
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { buildServer, packagesStayImports, serverEntryPoints, WORKSPACE_SOURCES, workerModules } from './server-bundle.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('the server bundle', () => {
  it(
    'holds every worker module beside the server, keeps each module ' + 'its source URL, and is the same bundle for the same code',
    async () => {
      const main = await buildServer();
      const directory = dirname(main);
      const workers = ['infra/src', 'services/gateway/src'].flatMap((source) => workerModules(join(ROOT, source)));
      expect(workers.map((worker) => worker.slice(ROOT.length))).toEqual(
        expect.arrayContaining([
          'services/gateway/src/read-models/read-models-worker.ts',
          'services/gateway/src/audit-trail/audit-worker.ts',
        ]),
      );
      const bundled = readdirSync(directory);
      for (const worker of workers)
        expect(bundled).toContain(`${worker.slice(ROOT.length).replace(/\.ts$/, '').replace(/[/.]/g, '_')}.mjs`);
      // A read model's version is a hash of its source: the bundle names the source, not itself.
      const code = bundled
        .filter((file) => file.endsWith('.mjs'))
        .map((file) => readFileSync(join(directory, file), 'utf8'))
        .join('\n');
      expect(code).toContain(JSON.stringify(new URL('../../projections/src/tests/tests-projection.ts', import.meta.url).href));
      expect(code).not.toMatch(/import\.meta\.url/);
      // The read models' versions are fixed in it as their sources give them: its threads read no source at their start.
      for (const projections of [readModelProjections, auditProjections])
        for (const version of readModelVersions(projections).values()) expect(code).toContain(JSON.stringify(version));
      expect(await buildServer()).toBe(main);
    },
  );

  it('is made only of files under the sources whose hash finds it again: a change anywhere else would serve an old bundle', async () => {
    const { metafile } = await build({
      entryPoints: serverEntryPoints().entryPoints,
      absWorkingDir: ROOT,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      outdir: join(ROOT, 'build/metafile-only'),
      write: false,
      metafile: true,
      plugins: [packagesStayImports],
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(100);
    expect(inputs.filter((input) => !WORKSPACE_SOURCES.some((source) => input.startsWith(`${source}/`)))).toEqual([]);
  });
});
