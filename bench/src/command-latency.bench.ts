import type { CommandService } from '@testament/commands';
import { rawCommitLatency } from './baseline-sqlite.ts';
import { as, openCommandSide, registerUsers, seed, type BenchUser } from './command-side.ts';
import { against, elapsedSeconds, log, round, summarize, type BenchResult } from './measure.ts';
import { scaled } from './scale.ts';
import { withTempDir } from './fixtures.ts';

const SHORT_EVENTS = 10;
/** Measured commands per stream length. */
const COMMANDS_PER_LENGTH = 1_000;
/** Commands per short stream, so that the short streams stay short (10 to 20 events) while they are measured. */
const COMMANDS_PER_SHORT_STREAM = 10;
/** Times the command side is reopened to time a first command on a short and on the long stream. */
const COLD_SAMPLES = 5;

/** Appends `events` more events to the project through `updateProject`, three events per command where it can. */
async function growStream(commands: CommandService, owner: BenchUser, projectId: number, events: number): Promise<void> {
  for (let written = 0, step = 0; written < events; step++) {
    if (events - written >= 3) {
      // Details, privacy and a setting: three events in one command.
      await commands['projects.update'](
        { projectId, description: `Step ${step}`, isPrivate: step % 2 === 0, settings: { resultEditLimit: 60 * (step + 1) } },
        as(owner.actor),
      );
      written += 3;
    } else {
      await commands['projects.update']({ projectId, description: `Step ${step}` }, as(owner.actor));
      written += 1;
    }
  }
}

/** A project of exactly `events` events (creation and the creator's membership are the first two). */
async function projectWithEvents(commands: CommandService, owner: BenchUser, events: number): Promise<number> {
  const { projectId } = await commands['projects.create'](
    { name: `Stream of ${events}`, description: '', isPrivate: false, isArchive: false, icon: null },
    as(owner.actor),
  );
  await growStream(commands, owner, projectId, events - 2);
  return projectId;
}

let edits = 0;

/** Times one `updateProject` on each project given, in order; each writes one event (a new description). */
async function timeUpdates(commands: CommandService, owner: BenchUser, projectIds: number[]): Promise<number[]> {
  const samples: number[] = [];
  for (const projectId of projectIds) {
    const sent = performance.now();
    const { position } = await commands['projects.update']({ projectId, description: `Edit ${++edits}` }, as(owner.actor));
    samples.push(performance.now() - sent);
    if (position === 0) throw new Error('a timed updateProject changed nothing');
  }
  return samples;
}

/**
 * How a command's latency depends on the length of its aggregate's stream:
 * `updateProject` through the in-process command service on SQLite, one
 * command at a time, alternating between short streams and one long stream.
 * Also the first command after the command side is reopened (as after a
 * restart), when nothing of the aggregate is in memory yet.
 */
export async function commandLatencyBenchmarks(): Promise<BenchResult[]> {
  const longEvents = scaled(10_000, 200);
  const perLength = scaled(COMMANDS_PER_LENGTH, 50);
  return withTempDir('bench-command-latency-', async (dataDir) => {
    let side = openCommandSide(dataDir);
    try {
      await seed(side.commands);
      const [owner] = await registerUsers(side.commands, ['owner']);
      const make = (events: number) => projectWithEvents(side.commands, owner!, events);
      const shortStreams = Math.ceil(perLength / COMMANDS_PER_SHORT_STREAM);
      const shortIds: number[] = [];
      for (let i = 0; i < shortStreams; i++) shortIds.push(await make(SHORT_EVENTS));
      const startedAt = performance.now();
      const longId = await make(longEvents);
      log(
        `command latency: a ${longEvents.toLocaleString('en')}-event stream ` +
          `made through updateProject in ${round(elapsedSeconds(startedAt), 1)} s`,
      );
      const warmUpId = await make(SHORT_EVENTS);

      // The disk's own commit latency, measured just before the commands it is compared with.
      const commit = await rawCommitLatency();
      const short: number[] = [];
      const long: number[] = [];
      for (let i = 0; i < perLength; i++) {
        short.push(...(await timeUpdates(side.commands, owner!, [shortIds[i % shortStreams]!])));
        long.push(...(await timeUpdates(side.commands, owner!, [longId])));
      }

      // Reopened: the first command on each aggregate starts from the log. A command on a third project pays for the rest (roles,
      // statements).
      const coldShort: number[] = [];
      const coldLong: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        await side.close();
        side = openCommandSide(dataDir);
        await timeUpdates(side.commands, owner!, [warmUpId]);
        const [first, second] = await timeUpdates(side.commands, owner!, i % 2 === 0 ? [shortIds[i]!, longId] : [longId, shortIds[i]!]);
        coldShort.push(i % 2 === 0 ? first! : second!);
        coldLong.push(i % 2 === 0 ? second! : first!);
      }

      const s = summarize(short);
      const l = summarize(long);
      const shortName = `updateProject on a ${SHORT_EVENTS}-event stream`;
      const longName = `updateProject on a ${longEvents.toLocaleString('en')}-event stream`;
      const detail = {
        commands: perLength,
        shortStreams,
        note: `${shortStreams} short projects take ${COMMANDS_PER_SHORT_STREAM} commands each so they stay at 10-20 events`,
      };
      const upTo = { op: '<=' as const, value: 1.5 };
      const coldShortMedian = summarize(coldShort).p50;
      return [
        against({ name: `${shortName}: median`, value: s.p50, unit: 'ms', detail }, commit.p50),
        against({ name: `${shortName}: p95`, value: s.p95, unit: 'ms' }, commit.p95),
        against(
          { name: `${longName}: median`, value: l.p50, unit: 'ms' },
          { name: `${shortName}: median`, value: s.p50, unit: 'ms' },
          upTo,
        ),
        against({ name: `${longName}: p95`, value: l.p95, unit: 'ms' }, { name: `${shortName}: p95`, value: s.p95, unit: 'ms' }, upTo),
        against(
          { name: `${shortName}, first after reopening: median`, value: coldShortMedian, unit: 'ms', detail: { reopenings: COLD_SAMPLES } },
          commit.p50,
        ),
        against(
          { name: `${longName}, first after reopening: median`, value: summarize(coldLong).p50, unit: 'ms' },
          { name: `${shortName}, first after reopening: median`, value: coldShortMedian, unit: 'ms' },
        ),
      ];
    } finally {
      await side.close();
    }
  });
}
