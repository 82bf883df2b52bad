import { describe, expect, it } from 'vitest';
import type { KernelDeps } from './command-handler.ts';
import { type CommandUnit, portsOf } from './command-units.ts';

const kernel = {} as KernelDeps;
type AnyUnit = CommandUnit<string, object>;
/** Units providing ports the test names freely: the real ports' names are typed, these are not. */
const unit = (provides: Record<string, (context: { ports: Record<string, unknown> }) => unknown>): AnyUnit =>
  ({ resource: 'test', provides }) as unknown as AnyUnit;

describe('the ports units provide each other', () => {
  it('are built once, when first read, from the ports they read in turn', () => {
    let built = 0;
    const ports = portsOf(
      [
        ['suites', unit({ suiteLive: () => ({ built: ++built }) })],
        ['cases', unit({ cases: ({ ports }) => ({ suiteLive: ports.suiteLive }) })],
      ],
      kernel,
    ) as unknown as Record<string, unknown>;
    expect(built).toBe(0);
    expect(ports.cases).toEqual({ suiteLive: { built: 1 } });
    expect(ports.cases).toBe(ports.cases);
    expect(ports.suiteLive).toEqual({ built: 1 });
  });

  it('refuse a port two units provide, naming both', () => {
    expect(() =>
      portsOf(
        [
          ['plans', unit({ tests: () => 1 })],
          ['workflows/plan-tests', unit({ tests: () => 2 })],
        ],
        kernel,
      ),
    ).toThrow('the port tests is provided by both plans and workflows/plan-tests');
  });

  it('refuse a port nobody provides, and one that needs itself, when it is read', () => {
    const ports = portsOf(
      [
        ['a', unit({ first: ({ ports }) => ports.second })],
        ['b', unit({ second: ({ ports }) => ports.first })],
      ],
      kernel,
    ) as unknown as Record<string, unknown>;
    expect(() => ports.missing).toThrow('no command unit provides the port missing');
    expect(() => ports.first).toThrow('the port first needs itself to be built (through first, second)');
  });
});
