import { messages, streams, ValidationError } from '@testament/contracts';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { SharedRateLimits } from './rate-limits.ts';
import { ThrottledError } from './errors.ts';

/** How one key's failed sign-ins are answered: some free, then each waits twice as long as the one before, up to a cap. */
export interface Backoff {
  freeFailures: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
}

/**
 * Failed sign-ins are counted three ways (rate-limiter-flexible's login protection), each with its
 * own backoff; an attempt waits for the longest. Only one address's guesses can make a user wait
 * long; guesses from everywhere at one username make its owner wait a minute at most.
 */
export interface LoginBackoffPolicy {
  /** One username from one address: guessing one account's password. */
  usernameAtAddress: Backoff;
  /** One address, whatever the usernames: trying passwords on many accounts. */
  address: Backoff;
  /** One username, from every address: guessing spread over many machines. */
  username: Backoff;
  /** A key's failures are forgotten this long after the first of them. */
  forgetAfterSeconds: number;
}

export const LOGIN_BACKOFF: LoginBackoffPolicy = {
  usernameAtAddress: { freeFailures: 5, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 },
  address: { freeFailures: 50, firstWaitSeconds: 1, maxWaitSeconds: 60 * 60 },
  username: { freeFailures: 10, firstWaitSeconds: 1, maxWaitSeconds: 60 },
  forgetAfterSeconds: 24 * 60 * 60,
};

/** The wait after a key's `failures`-th failure, in seconds (0 while failures are free). */
export function backoffSeconds(rule: Backoff, failures: number): number {
  const beyond = failures - rule.freeFailures;
  return beyond <= 0 ? 0 : Math.min(rule.maxWaitSeconds, rule.firstWaitSeconds * 2 ** Math.min(beyond - 1, 30));
}

type KeyKind = keyof Omit<LoginBackoffPolicy, 'forgetAfterSeconds'>;
/** One of the three counts an attempt falls under, and its key in the stores. */
type ThrottleKey = { kind: KeyKind; key: string };

/** A record still in force: a store may hand back one whose window has just ended. */
const live = (record: RateLimiterRes | null) => (record && record.msBeforeNext > 0 ? record : null);

/** The password was wrong, or the user cannot sign in: what the throttle counts (anything else is not a guess). */
const isCredentialFailure = (error: unknown) =>
  error instanceof ValidationError && (error.fields.errors ?? []).includes(messages.loginFailed);

/**
 * Sign-in throttling per username, per client address and per both, with exponential backoff
 * rather than lockout: while a key waits, every attempt under it answers 429 with Retry-After
 * before the password is looked at, so the right password then is refused too and tells
 * nothing. A success forgets its username's keys; the address's failures stay, so an attacker
 * cannot clear them by signing in to an account of their own. Attempts under way count too: a key
 * starts at most as many at once as it has free failures left (one when none), so a burst of
 * parallel guesses gets no more tries than the same guesses one by one.
 *
 * The counts live in the host's shared file (rate-limits.ts), like the write rate limit; only the
 * attempts under way are this process's.
 */
export class LoginThrottle {
  private readonly underWay = new Map<string, number[]>();
  private nextTicket = 0;

  private constructor(
    private readonly failures: RateLimiterAbstract,
    private readonly waits: RateLimiterAbstract,
    private readonly policy: LoginBackoffPolicy,
  ) {}

  /** A throttle counting in `limits`: every gateway of the host that opens the same file sees the same failures and waits. */
  static async counting(limits: SharedRateLimits, policy: LoginBackoffPolicy = LOGIN_BACKOFF): Promise<LoginThrottle> {
    const failures = await limits.limiter({
      keyPrefix: 'login-failures',
      points: Number.MAX_SAFE_INTEGER,
      duration: policy.forgetAfterSeconds,
    });
    const waits = await limits.limiter({ keyPrefix: 'login-wait', points: 0, duration: 0 });
    return new LoginThrottle(failures, waits, policy);
  }

  /** Runs `attempt` (which checks the password) unless one of its keys is waiting or busy: then a 429 (ThrottledError). */
  async attempt<T>(address: string, username: string, attempt: () => Promise<T>): Promise<T> {
    const keys = keysOf(address, username);
    // Taken before anything is awaited, so attempts that come together see each other.
    const ticket = this.nextTicket++;
    for (const { key } of keys) this.underWay.set(key, [...(this.underWay.get(key) ?? []), ticket]);
    try {
      await this.refuseWhileWaiting(keys, ticket);
      const result = await attempt();
      await this.succeeded(keys);
      return result;
    } catch (error) {
      if (isCredentialFailure(error)) await this.failed(keys);
      throw error;
    } finally {
      for (const { key } of keys) {
        const left = (this.underWay.get(key) ?? []).filter((other) => other !== ticket);
        if (left.length > 0) this.underWay.set(key, left);
        else this.underWay.delete(key);
      }
    }
  }

  private async refuseWhileWaiting(keys: readonly ThrottleKey[], ticket: number): Promise<void> {
    let waitMs = 0;
    for (const { kind, key } of keys) {
      const wait = live(await this.waits.get(key));
      if (wait) waitMs = Math.max(waitMs, wait.msBeforeNext);
      const failures = live(await this.failures.get(key))?.consumedPoints ?? 0;
      const atOnce = Math.max(1, this.policy[kind].freeFailures - failures);
      // Those that came first go first; the others may try again in a second.
      if (this.underWay.get(key)!.indexOf(ticket) >= atOnce) waitMs = Math.max(waitMs, 1_000);
    }
    if (waitMs > 0) throw new ThrottledError(Math.ceil(waitMs / 1_000));
  }

  private async failed(keys: readonly ThrottleKey[]): Promise<void> {
    for (const { kind, key } of keys) {
      const { consumedPoints } = await this.failures.penalty(key, 1);
      const seconds = backoffSeconds(this.policy[kind], consumedPoints);
      if (seconds > 0) await this.waits.block(key, seconds);
    }
  }

  private async succeeded(keys: readonly ThrottleKey[]): Promise<void> {
    for (const { kind, key } of keys) {
      if (kind === 'address') continue;
      await this.failures.delete(key);
      await this.waits.delete(key);
    }
  }
}

/** Usernames as their claims name them (case and surrounding spaces do not make another one), hashed to a bounded key. */
function keysOf(address: string, username: string): ThrottleKey[] {
  const name = createHash('sha256').update(streams.username(username)).digest('base64url');
  return [
    { kind: 'usernameAtAddress', key: `${name}@${address}` },
    { kind: 'address', key: `@${address}` },
    { kind: 'username', key: name },
  ];
}

/**
 * A sign-in with a password (`attempt` checks it), under the process's throttle when it has one: from the client's address (`request.ip`).
 */
export function throttledSignIn<T>(request: FastifyRequest, username: string, attempt: () => Promise<T>): Promise<T> {
  const throttle = request.server.loginThrottle;
  return throttle ? throttle.attempt(request.ip, username, attempt) : attempt();
}
