import { SqliteLogReader } from '@testament/infra';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.ts';
import { eventLogFile } from '../system.ts';

/** The SQLite log as a role that does not write it reads it, once the command service has made it (at its first start). */
export async function madeLogReader(config: Config): Promise<SqliteLogReader> {
  const file = eventLogFile(config);
  while (!existsSync(file)) await sleep(100);
  return SqliteLogReader.open(file);
}
