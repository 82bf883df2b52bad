/** How often and how long a delivery is tried (docs/webhooks.md). */
export interface RetryPolicy {
  /** Attempts in a round (from the delivery, or from a redelivery) before it is given up. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each next wait doubles. */
  firstDelayMs: number;
  /** How long a claimed attempt is the claimant's: longer than a request may take, so a live sender never loses it. */
  leaseMs: number;
}

/** 10 attempts: waits of 2.5, 5, 10 … 640 minutes, about 21 hours in all, each ±25 %. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 10, firstDelayMs: 150_000, leaseMs: 60_000 };

/**
 * When to try again after the round's `attempt`-th attempt failed, or null to give up. The wait doubles each time and
 * is spread by `random` (0 ≤ r < 1) over ±25 %, so receivers that come back are not met by every delivery at once.
 */
export function nextAttemptAt(attempt: number, now: Date, policy: RetryPolicy, random: number): string | null {
  if (attempt >= policy.maxAttempts) return null;
  const delay = policy.firstDelayMs * 2 ** (attempt - 1) * (0.75 + 0.5 * random);
  return new Date(now.getTime() + Math.round(delay)).toISOString();
}
