/**
 * Child process for the durability test: appends to a few streams as fast as
 * it can, printing `<stream> <revision> <position>` for every acknowledged
 * append, until its parent kills it with SIGKILL.
 *
 * Usage: node --import tsx append-child.ts <database-file>
 */
import { SqliteEventStore } from '../sqlite-event-store.ts';

const WRITERS = 8;

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: append-child.ts <database-file>');
  process.exit(2);
}
const store = SqliteEventStore.open(file);

async function writeForever(writer: number): Promise<never> {
  const stream = `durability-${writer}`;
  for (let revision = -1; ; ) {
    const events = [1, 2, 3].map((n) => ({
      type: 'Written',
      data: { writer, n, padding: 'x'.repeat(200) },
      schemaVersion: 1,
      metadata: {
        actorId: writer,
        time: new Date().toISOString(),
        correlationId: `w${writer}`,
        causationId: null,
        commandId: `w${writer}-${revision}`,
      },
    }));
    const result = await store.append(stream, events, revision === -1 ? 'no_stream' : revision);
    revision = result.revision;
    // stdout is a pipe: on Linux the write is synchronous, so a printed line was acknowledged.
    process.stdout.write(`${stream} ${result.revision} ${result.position}\n`);
  }
}

await Promise.all(Array.from({ length: WRITERS }, (_, writer) => writeForever(writer)));
