import type { Config } from './config.ts';
import type { System } from './system.ts';

/** What every route plugin receives as its options. */
export interface GatewayContext {
  system: System;
  config: Config;
}
