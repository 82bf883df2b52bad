import { messages, ValidationError } from '@testament/contracts';
import { tempDirMakerEach } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThrottledError } from './errors.ts';
import { backoffSeconds, LOGIN_BACKOFF, LoginThrottle } from './login-throttle.ts';
import { FileRateLimits } from './rate-limits.ts';

/** Directories of files the counts were kept in, removed after each test (once the counts in them are closed). */
const newDir = tempDirMakerEach('limits');
const opened: FileRateLimits[] = [];
/** Counts in a database of their own (in memory), closed after each test. */
function limits(file = ':memory:'): FileRateLimits {
  const made = new FileRateLimits(file);
  opened.push(made);
  return made;
}
afterEach(async () => {
  for (const made of opened.splice(0)) await made.close();
});

const wrongPassword = async (): Promise<never> => {
  throw ValidationError.general(messages.loginFailed);
};
const rightPassword = async () => 'signed in';

/** What an attempt came to: signed in, a wrong password (the password was looked at), or throttled for n seconds (it was not). */
async function outcome(
  throttle: LoginThrottle,
  address: string,
  username: string,
  check: () => Promise<string> = wrongPassword,
): Promise<string> {
  try {
    return await throttle.attempt(address, username, check);
  } catch (error) {
    if (error instanceof ThrottledError) return `wait ${error.retryAfterSeconds}`;
    if (error instanceof ValidationError) return 'wrong';
    throw error;
  }
}

async function fail(throttle: LoginThrottle, address: string, username: string, times: number): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < times; i++) outcomes.push(await outcome(throttle, address, username));
  return outcomes;
}

// The store's clock is Date: moving it stands for waiting.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());
const wait = (seconds: number) => vi.advanceTimersByTime(seconds * 1_000);

describe('the backoff', () => {
  it('lets the free failures pass, then doubles each wait up to its cap', () => {
    const rule = LOGIN_BACKOFF.usernameAtAddress;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((failures) => backoffSeconds(rule, failures))).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16]);
    expect(backoffSeconds(rule, 1_000)).toBe(rule.maxWaitSeconds);
    expect(backoffSeconds(LOGIN_BACKOFF.username, 1_000)).toBe(60);
  });
});

describe('sign-in throttling', () => {
  it('makes one address wait longer and longer for one username, and answers even the right password with the wait', async () => {
    const throttle = await LoginThrottle.counting(limits());
    expect(await fail(throttle, '10.0.0.1', 'alice', 6)).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
    const looked = vi.fn(rightPassword);
    expect(await outcome(throttle, '10.0.0.1', 'alice', looked)).toBe('wait 1');
    expect(looked).not.toHaveBeenCalled();
    const waits: string[] = [];
    for (let seconds = 1; seconds <= 8; seconds *= 2) {
      wait(seconds);
      waits.push(...(await fail(throttle, '10.0.0.1', 'alice', 2)));
    }
    expect(waits).toEqual(['wrong', 'wait 2', 'wrong', 'wait 4', 'wrong', 'wait 8', 'wrong', 'wait 16']);
    // The same name in other letters is the same account.
    expect(await outcome(throttle, '10.0.0.1', ' ALICE ', rightPassword)).toBe('wait 16');
  });

  it('lets the right password through once the wait is over, and forgets the username’s failures then', async () => {
    const throttle = await LoginThrottle.counting(limits());
    await fail(throttle, '10.0.0.1', 'alice', 7);
    wait(2);
    expect(await outcome(throttle, '10.0.0.1', 'alice', rightPassword)).toBe('signed in');
    expect(await fail(throttle, '10.0.0.1', 'alice', 6)).toEqual(Array(6).fill('wrong'));
  });

  it('does not hold up other users at that address, nor the user at another address', async () => {
    const throttle = await LoginThrottle.counting(limits());
    await fail(throttle, '10.0.0.1', 'alice', 8);
    expect(await outcome(throttle, '10.0.0.1', 'alice', rightPassword)).toMatch(/^wait/);
    expect(await outcome(throttle, '10.0.0.1', 'bob', rightPassword)).toBe('signed in');
    expect(await outcome(throttle, '10.0.0.2', 'alice', rightPassword)).toBe('signed in');
  });

  it('keeps the owner of a username guessed at from everywhere waiting a minute at most', async () => {
    const throttle = await LoginThrottle.counting(limits());
    for (let machine = 1; machine <= 40; machine++) await fail(throttle, `10.1.0.${machine}`, 'alice', 1);
    const refused = await outcome(throttle, '192.168.1.5', 'alice', rightPassword);
    expect(refused).toMatch(/^wait /);
    expect(Number(refused.slice('wait '.length))).toBeLessThanOrEqual(60);
    wait(60);
    expect(await outcome(throttle, '192.168.1.5', 'alice', rightPassword)).toBe('signed in');
  });

  it('makes an address that tries many usernames wait, whoever it names next, and a success there does not clear that', async () => {
    const throttle = await LoginThrottle.counting(limits());
    for (let user = 1; user <= 50; user++) expect(await outcome(throttle, '10.0.0.9', `user${user}`)).toBe('wrong');
    expect(await outcome(throttle, '10.0.0.9', 'attacker', rightPassword)).toBe('signed in');
    expect(await outcome(throttle, '10.0.0.9', 'user51')).toBe('wrong');
    expect(await outcome(throttle, '10.0.0.9', 'user52', rightPassword)).toBe('wait 1');
    expect(await outcome(throttle, '10.0.0.10', 'user52', rightPassword)).toBe('signed in');
  });

  it('gives a burst of parallel guesses no more tries than the same guesses one by one', async () => {
    const throttle = await LoginThrottle.counting(limits());
    const checked = vi.fn(
      () => new Promise<string>((_, reject) => setTimeout(() => reject(ValidationError.general(messages.loginFailed)), 20)),
    );
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => outcome(throttle, '10.0.0.1', 'alice', checked)));
    expect(checked).toHaveBeenCalledTimes(5);
    expect(outcomes.filter((answer) => answer === 'wrong')).toHaveLength(5);
    expect(outcomes.filter((answer) => answer === 'wait 1')).toHaveLength(15);
  });

  it('forgets a key’s failures a day after the first', async () => {
    const throttle = await LoginThrottle.counting(limits());
    await fail(throttle, '10.0.0.1', 'alice', 5);
    wait(LOGIN_BACKOFF.forgetAfterSeconds);
    expect(await fail(throttle, '10.0.0.1', 'alice', 5)).toEqual(Array(5).fill('wrong'));
    expect(await outcome(throttle, '10.0.0.1', 'alice', rightPassword)).toBe('signed in');
  });

  it('holds across the gateways of a host: failures at one make the others wait, and a restart forgets nothing', async () => {
    const dir = await newDir();
    const file = join(dir, 'rate-limits.sqlite');
    const first = await LoginThrottle.counting(limits(file));
    const second = await LoginThrottle.counting(limits(file));
    expect([...(await fail(first, '10.0.0.1', 'alice', 3)), ...(await fail(second, '10.0.0.1', 'alice', 3))]).toEqual(
      Array(6).fill('wrong'),
    );
    expect(await outcome(first, '10.0.0.1', 'alice', rightPassword)).toBe('wait 1');
    const restarted = await LoginThrottle.counting(limits(file));
    expect(await outcome(restarted, '10.0.0.1', 'alice', rightPassword)).toBe('wait 1');
  });
});
