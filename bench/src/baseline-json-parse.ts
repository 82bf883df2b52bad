import { round, type Baseline } from './measure.ts';
import { runChild } from './child-process.ts';

export interface JsonParseBaseline {
  /** Events (data + metadata) parsed per second, the text already in memory. */
  parseRate: Baseline;
  /**
   * Events read from the log and parsed per second: the same work as a
   * replay's minus the folds, so the replay's ratio to it is what folding costs.
   */
  readAndParseRate: Baseline;
  /** Reading the rows and parsing them: the least a start from this log could take. */
  loadAndParse: Baseline;
}

/** Baseline (b) on the log at `file`, in a fresh process. */
export async function jsonParseRate(file: string): Promise<JsonParseBaseline> {
  const child = new URL('./json-parse-child.ts', import.meta.url).pathname;
  const { events, loadSeconds, parseSeconds } = await runChild<{ events: number; loadSeconds: number; parseSeconds: number }>(child, [
    file,
  ]);
  const of = `${events.toLocaleString('en')} events`;
  return {
    parseRate: { name: `JSON.parse of the same ${of}`, value: round(events / parseSeconds, 0), unit: 'events/s' },
    readAndParseRate: {
      name: `reading and JSON.parse of the same ${of}`,
      value: round(events / (loadSeconds + parseSeconds), 0),
      unit: 'events/s',
    },
    loadAndParse: { name: `reading and JSON.parse of the same ${of}`, value: round(loadSeconds + parseSeconds, 2), unit: 's' },
  };
}
