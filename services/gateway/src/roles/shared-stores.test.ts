import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.ts';
import { assertSharedStores } from './shared-stores.ts';

describe('the stores the roles share', () => {
  it.each([
    ['sqlite', 'sqlite'],
    ['kurrentdb', 'mongodb'],
  ])('are the log in %s with the read models in %s', (eventStore, readStore) => {
    const config = configFromEnv({ TESTAMENT_ROLE: 'gateway', TESTAMENT_EVENT_STORE: eventStore, TESTAMENT_READ_STORE: readStore });
    expect(() => assertSharedStores(config)).not.toThrow();
  });

  it.each([
    ['kurrentdb', 'sqlite'],
    ['sqlite', 'mongodb'],
  ])('refuse the log in %s with the read models in %s, saying which pairs go together', (eventStore, readStore) => {
    const config = configFromEnv({ TESTAMENT_ROLE: 'projections', TESTAMENT_EVENT_STORE: eventStore, TESTAMENT_READ_STORE: readStore });
    expect(() => assertSharedStores(config)).toThrow(/TESTAMENT_ROLE=projections .*sqlite, or kurrentdb and mongodb/);
  });
});
