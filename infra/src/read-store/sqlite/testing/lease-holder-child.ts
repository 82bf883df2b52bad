/**
 * A writer of the read models' file under the lease, for the crash test: takes the lease (waiting while
 * another holds it, and says `waiting` then), renews it, and writes numbered documents, printing each one's
 * number once committed, until it is killed.
 */
import { SqliteReadStore } from '../sqlite-read-store.ts';
import { SqliteWriterLease } from '../writer-lease.ts';

const [file, holder, ttl] = process.argv.slice(2) as [string, string, string];
const store = new SqliteReadStore({ file, checkpoints: false });
const lease = new SqliteWriterLease(store.db, { name: 'read-models', holder, ttlMs: Number(ttl) });
let term = lease.tryAcquire();
if (!term) process.stdout.write('waiting\n');
while (!term) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  term = lease.tryAcquire();
}
const held = term;
store.fenceWrites(() => lease.check(held));
setInterval(() => lease.renew(held), Number(ttl) / 3);
for (let n = 1; ; n++) {
  await store.writeAll([
    { collection: 'writes', operations: [{ insertOne: { document: { _id: `${holder}-${n}`, holder, epoch: held.epoch, n } } }] },
  ]);
  process.stdout.write(`${n}\n`);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
