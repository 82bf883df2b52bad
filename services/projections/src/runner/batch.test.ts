import { SqliteReadStore, type RecordedEvent } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { Batch } from './batch.ts';
import type { Projection } from './projection.ts';

/** A deliberately non-idempotent fold: every event adds one. Applying an event twice would show. */
const counter: Projection = {
  name: 'counter',
  collections: { counters: { indexes: [] } },
  handles: new Set(['Ticked']),
  keys: () => [['counters', 'c']],
  apply(_event, view) {
    const current = view.get<{ _id: string; ticks: number }>('counters', 'c');
    view.put('counters', { _id: 'c', ticks: (current?.ticks ?? 0) + 1 });
    view.notify('counter');
  },
};

const tick = (position: number): RecordedEvent => ({
  type: 'Ticked',
  data: {},
  schemaVersion: 1,
  metadata: { actorId: null, time: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, commandId: 'x' },
  stream: 's',
  revision: position - 1,
  position,
  hash: '',
});

/** One batch of `events` folded by `projection` and written. */
async function fold(readStore: SqliteReadStore, events: RecordedEvent[], projection: Projection = counter) {
  const batch = new Batch(readStore);
  await batch.load(events.flatMap((e) => projection.keys(e)));
  for (const event of events) await batch.apply(projection, event);
  await readStore.writeAll(batch.writes());
  return batch;
}

describe('batch', () => {
  it('folds several events into one document and writes it once, remembering the position', async () => {
    const readStore = new SqliteReadStore();
    const batch = await fold(readStore, [tick(1), tick(2), tick(3)]);
    expect(await readStore.collection('counters').findOne({ _id: 'c' })).toEqual({ _id: 'c', ticks: 3, _pos: 3 });
    expect([...batch.topics]).toEqual(['counter']);
  });

  it('skips events a document already contains when they are delivered again', async () => {
    const readStore = new SqliteReadStore();
    await fold(readStore, [tick(1), tick(2), tick(3)]);
    await fold(readStore, [tick(2), tick(3), tick(4)]);
    expect(await readStore.collection('counters').findOne({ _id: 'c' })).toEqual({ _id: 'c', ticks: 4, _pos: 4 });
  });
});

/** Members join a group (listed in the group's document); a rename reaches every member, named only by that list. */
const groups: Projection = {
  name: 'groups',
  collections: { members: { indexes: [] }, groups: { indexes: [] } },
  handles: new Set(['Joined', 'Renamed']),
  keys: (event) => {
    const data = event.data as { group: string; member?: string };
    return [['groups', data.group], ...(data.member ? [['members', data.member] as const] : [])];
  },
  dependents: (event, view) =>
    (view.get<{ _id: string; members: string[] }>('groups', (event.data as { group: string }).group)?.members ?? []).map(
      (id) => ['members', id] as const,
    ),
  apply(event, view) {
    const data = event.data as { group: string; member?: string; name?: string };
    const group = view.get<{ _id: string; name: string; members: string[] }>('groups', data.group) ?? {
      _id: data.group,
      name: data.group,
      members: [],
    };
    if (event.type === 'Joined') {
      view.put('groups', { ...group, members: [...group.members, data.member!] });
      view.put('members', { _id: data.member!, groupName: group.name });
      return;
    }
    view.put('groups', { ...group, name: data.name! });
    for (const member of group.members) view.put('members', { ...view.get('members', member)!, groupName: data.name! });
  },
};

describe('batch dependents', () => {
  it('loads the documents an event names through loaded ones before applying it, keeping what the batch already changed', async () => {
    const readStore = new SqliteReadStore();
    const event = (position: number, type: string, data: Record<string, string>): RecordedEvent => ({ ...tick(position), type, data });
    await fold(readStore, [event(1, 'Joined', { group: 'g', member: 'a' })], groups);
    await fold(readStore, [event(2, 'Joined', { group: 'g', member: 'b' }), event(3, 'Renamed', { group: 'g', name: 'Testers' })], groups);
    expect(await readStore.collection('members').find({})).toEqual([
      { _id: 'a', groupName: 'Testers', _pos: 3 },
      { _id: 'b', groupName: 'Testers', _pos: 3 },
    ]);
  });
});

/** Counts ticks per colour in a map inside one document, copying the map only once per batch. */
const copies: string[] = [];
const colours: Projection = {
  name: 'colours',
  collections: { tallies: { indexes: [] } },
  handles: new Set(['Ticked']),
  keys: () => [['tallies', 't']],
  apply(event, view) {
    const stored = view.get<{ _id: string; byColour: Record<string, number> }>('tallies', 't');
    const tally = stored && view.isUnsaved('tallies', stored) ? stored : { _id: 't', byColour: {}, ...stored };
    tally.byColour = view.ownPart(tally, 'byColour', tally.byColour, (map) => {
      copies.push(`at ${event.position}`);
      return { ...map };
    });
    const colour = (event.data as { colour: string }).colour;
    tally.byColour[colour] = (tally.byColour[colour] ?? 0) + 1;
    view.put('tallies', tally);
  },
};

describe('batch-owned parts', () => {
  it('copies a part of a document once per batch, leaving the stored document as it was until the batch writes', async () => {
    // Frozen documents (the store's default): changing a stored part in place would throw.
    const readStore = new SqliteReadStore();
    const event = (position: number, colour: string): RecordedEvent => ({ ...tick(position), data: { colour } });
    await fold(readStore, [event(1, 'red'), event(2, 'red'), event(3, 'blue')], colours);
    const first = await readStore.collection('tallies').findOne({ _id: 't' });
    await fold(readStore, [event(4, 'blue'), event(5, 'green')], colours);
    expect(copies).toEqual(['at 1', 'at 4']);
    expect(first).toEqual({ _id: 't', byColour: { red: 2, blue: 1 }, _pos: 3 });
    expect(await readStore.collection('tallies').findOne({ _id: 't' })).toEqual({
      _id: 't',
      byColour: { red: 2, blue: 2, green: 1 },
      _pos: 5,
    });
  });
});

/**
 * A group's members each sit at a desk their own document names: moving the group moves their desks, documents only dependents can name.
 */
const desks: Projection = {
  name: 'desks',
  collections: { groups: { indexes: [] }, members: { indexes: [] }, desks: { indexes: [] } },
  handles: new Set(['Moved']),
  keys: (event) => [['groups', (event.data as { group: string }).group]],
  dependents(event, view) {
    const members = view.get<{ _id: string; members: string[] }>('groups', (event.data as { group: string }).group)?.members ?? [];
    return members.flatMap((id) => {
      const member = view.get<{ _id: string; desk: string }>('members', id);
      return member ? [['members', id] as const, ['desks', member.desk] as const] : [['members', id] as const];
    });
  },
  apply(event, view) {
    const { group, floor } = event.data as { group: string; floor: number };
    for (const id of view.get<{ _id: string; members: string[] }>('groups', group)!.members) {
      const desk = view.get<{ _id: string; desk: string }>('members', id)!.desk;
      view.put('desks', { ...view.get('desks', desk)!, floor });
    }
  },
};

describe('batch dependents of dependents', () => {
  it('loads what loaded dependents name, until nothing named is missing, before applying the event', async () => {
    const readStore = new SqliteReadStore();
    const stored = (collection: string, documents: Array<Record<string, unknown> & { _id: string }>) =>
      readStore
        .collection(collection)
        .bulkWrite(documents.map((document) => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } })));
    await stored('groups', [{ _id: 'g', members: ['a', 'b'] }]);
    await stored('members', [
      { _id: 'a', desk: 'd1' },
      { _id: 'b', desk: 'd2' },
    ]);
    await stored('desks', [
      { _id: 'd1', floor: 1, seats: 4 },
      { _id: 'd2', floor: 1, seats: 6 },
    ]);
    await fold(readStore, [{ ...tick(1), type: 'Moved', data: { group: 'g', floor: 3 } }], desks);
    expect(await readStore.collection('desks').find({})).toEqual([
      { _id: 'd1', floor: 3, seats: 4, _pos: 1 },
      { _id: 'd2', floor: 3, seats: 6, _pos: 1 },
    ]);
  });
});

describe('batch dependents loaded ahead', () => {
  it('loads what a whole batch names through loaded documents in one read per collection and round, and folds the same', async () => {
    const readStore = new SqliteReadStore();
    const groups = ['g1', 'g2', 'g3'];
    await readStore.writeAll([
      { collection: 'groups', operations: groups.map((g) => ({ insertOne: { document: { _id: g, members: [`${g}a`, `${g}b`] } } })) },
      {
        collection: 'members',
        operations: groups.flatMap((g) => ['a', 'b'].map((m) => ({ insertOne: { document: { _id: `${g}${m}`, desk: `d-${g}${m}` } } }))),
      },
      {
        collection: 'desks',
        operations: groups.flatMap((g) => ['a', 'b'].map((m) => ({ insertOne: { document: { _id: `d-${g}${m}`, floor: 1 } } }))),
      },
    ]);
    const reads: string[] = [];
    const counted = new Proxy(readStore, {
      get(store, property) {
        if (property !== 'collection') return Reflect.get(store, property);
        return (name: string) => {
          reads.push(name);
          return store.collection(name);
        };
      },
    });
    const batch = new Batch(counted);
    const events = groups.map((group, i): RecordedEvent => ({ ...tick(i + 1), type: 'Moved', data: { group, floor: 2 + i } }));
    await batch.load(events.flatMap((e) => desks.keys(e)));
    await batch.loadDependents(events.map((e) => [desks, e] as const));
    for (const e of events) await batch.apply(desks, e);
    expect(reads).toEqual(['groups', 'members', 'desks']);
    await readStore.writeAll(batch.writes());
    expect((await readStore.collection('desks').find({})).map((desk) => [desk._id, desk.floor])).toEqual(
      groups.flatMap((g, i) => ['a', 'b'].map((m) => [`d-${g}${m}`, 2 + i])),
    );
  });
});

/** A ticket is opened and closed: closing removes its document. */
const tickets: Projection = {
  name: 'tickets',
  collections: { tickets: { indexes: [] } },
  handles: new Set(['Opened', 'Closed']),
  keys: (event) => [['tickets', (event.data as { ticket: string }).ticket]],
  apply(event, view) {
    const { ticket } = event.data as { ticket: string };
    if (event.type === 'Opened') view.put('tickets', { _id: ticket, open: true });
    else view.remove('tickets', ticket);
  },
};

describe('batch writes', () => {
  const event = (position: number, type: string, ticket: string): RecordedEvent => ({ ...tick(position), type, data: { ticket } });

  it('inserts what its load found absent, replaces what it found, writes nothing for a document made and removed in it', async () => {
    const readStore = new SqliteReadStore();
    await fold(readStore, [event(1, 'Opened', 'old')], tickets);
    const batch = new Batch(readStore);
    const events = [event(2, 'Opened', 'new'), event(3, 'Opened', 'old'), event(4, 'Opened', 'brief'), event(5, 'Closed', 'brief')];
    await batch.load(events.flatMap((e) => tickets.keys(e)));
    for (const e of events) await batch.apply(tickets, e);
    expect(batch.writes()).toEqual([
      {
        collection: 'tickets',
        operations: [
          { insertOne: { document: { _id: 'new', open: true, _pos: 2 } } },
          { replaceOne: { filter: { _id: 'old' }, replacement: { _id: 'old', open: true, _pos: 3 }, upsert: true } },
        ],
      },
    ]);
    await readStore.writeAll(batch.writes());
    expect(await readStore.collection('tickets').find({})).toEqual([
      { _id: 'old', open: true, _pos: 3 },
      { _id: 'new', open: true, _pos: 2 },
    ]);
  });

  it('upserts and deletes by id a document it never loaded, whether or not the store holds it', async () => {
    const readStore = new SqliteReadStore();
    await fold(readStore, [event(1, 'Opened', 'stored')], tickets);
    const batch = new Batch(readStore);
    // keys() named nothing: the batch cannot know what the store holds.
    for (const e of [event(2, 'Opened', 'stored'), event(3, 'Opened', 'unstored'), event(4, 'Closed', 'stored')])
      await batch.apply(tickets, e);
    await readStore.writeAll(batch.writes());
    expect(await readStore.collection('tickets').find({})).toEqual([{ _id: 'unstored', open: true, _pos: 3 }]);
  });
});
