import { describe, expect, it } from 'vitest';
import { SqliteReadStore } from '../sqlite/sqlite-read-store.ts';
import { answerReadCall, remoteReadStore, type ReadCall } from './remote-read-store.ts';

describe('remoteReadStore', () => {
  it('answers every read as the store it stands for, with the call cloned as a message would be, and refuses writes', async () => {
    const local = new SqliteReadStore();
    const rows = local.collection('rows');
    await rows.createIndex({ keys: { group: 1, _id: -1 } });
    await rows.bulkWrite(
      Array.from({ length: 40 }, (_, i) => ({ insertOne: { document: { _id: i + 1, group: i % 3, name: `row ${i}` } } })),
    );
    const calls: ReadCall[] = [];
    const remote = remoteReadStore(async (call) => {
      calls.push(call);
      return structuredClone(await answerReadCall(local, structuredClone(call)));
    }).collection('rows');

    const filter = { group: 1, name: { $regex: 'row 1', $options: 'i' } };
    expect(await remote.find(filter, { sort: { _id: -1 }, skip: 1, limit: 3 })).toEqual(
      await rows.find(filter, { sort: { _id: -1 }, skip: 1, limit: 3 }),
    );
    expect(await remote.findOne({ _id: 7 })).toEqual(await rows.findOne({ _id: 7 }));
    expect(await remote.count({ group: 2 })).toBe(13);
    expect(await remote.aggregate([{ $group: { _id: '$group', n: { $sum: 1 } } }, { $sort: { _id: 1 } }])).toEqual([
      { _id: 0, n: 14 },
      { _id: 1, n: 13 },
      { _id: 2, n: 13 },
    ]);
    expect(calls.map((call) => call.method)).toEqual(['find', 'findOne', 'count', 'aggregate']);
    await expect(remote.bulkWrite([{ deleteOne: { filter: { _id: 1 } } }])).rejects.toThrow(/written by its own fold only/);
    expect(await rows.count({})).toBe(40);
  });
});
