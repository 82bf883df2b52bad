import { describe, expect, it } from 'vitest';
import { PositionGate } from './position-gate.ts';

describe('position gate', () => {
  it('lets a waiter through once its position is reached, at once when it already is', async () => {
    const gate = new PositionGate(5);
    await expect(gate.waitFor(5)).resolves.toBe(true);
    const waiting = gate.waitFor(8, 1_000);
    gate.advance(7);
    gate.advance(9);
    await expect(waiting).resolves.toBe(true);
  });

  it('answers false when the timeout runs out first, and never moves backwards unless reset', async () => {
    const gate = new PositionGate();
    await expect(gate.waitFor(3, 10)).resolves.toBe(false);
    gate.advance(4);
    gate.advance(2);
    expect(gate.position).toBe(4);
    gate.reset(0);
    expect(gate.position).toBe(0);
  });
});
