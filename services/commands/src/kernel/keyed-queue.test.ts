import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('keyed queue', () => {
  it('runs tasks of one key one at a time, in order, and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
    };
    await Promise.all([queue.run('a', task('a1')), queue.run('a', task('a2')), queue.run('b', task('b1'))]);
    expect(log.indexOf('a1:end')).toBeLessThan(log.indexOf('a2:start'));
    expect(log.indexOf('b1:start')).toBeLessThan(log.indexOf('a1:end'));
  });

  it('keeps going after a task fails and reports the failure to its caller only', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});
