import { streams, ValidationError, messages, type UsernameEvent } from '@testament/contracts';
import type { EventStore } from '@testament/infra';
import { AggregateCache } from '../kernel/aggregate-cache.ts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import { userDecider } from './decide.ts';
import type { UserState } from './evolve.ts';

/** Who holds a username, and the revision of that claim in the name's stream. */
export interface Claim {
  userId: number;
  revision: number;
  /** The command that claimed it. */
  commandId: string;
}

/** The last claim of a name names its owner: a name can be claimed again after its user was deleted. */
export async function currentClaim(deps: Pick<KernelDeps, 'store'>, username: string): Promise<Claim | null> {
  const claim = (await deps.store.readStream(streams.username(username))).at(-1);
  return claim
    ? { userId: (claim.data as UsernameEvent['data']).userId, revision: claim.revision, commandId: claim.metadata.commandId }
    : null;
}

export async function loadUser(deps: Pick<KernelDeps, 'aggregates'>, userId: number): Promise<UserState> {
  return (await deps.aggregates.load(streams.user.of(userId), userDecider)).state;
}

const maySignIn = (user: UserState) => user.exists && !user.deleted && user.isActive;

/**
 * The user behind a username and password, checked on the write side where
 * credentials live; never a deleted or inactive one. Nothing is written to the
 * user: sessions and tokens are recorded by the caller.
 */
export async function verifiedUser(deps: KernelDeps, username: string, password: string): Promise<UserState> {
  const claim = await currentClaim(deps, username);
  const user = claim === null ? null : await loadUser(deps, claim.userId);
  const verified = user?.exists ? await verifyPassword(password, user.passwordHash) : await spendVerificationTime(password);
  if (!user || !verified) throw ValidationError.general(messages.loginFailed);
  // Verifying takes a while: a password change or deactivation meanwhile must not let this sign-in through.
  const current = await loadUser(deps, user.userId);
  if (current.passwordHash !== user.passwordHash || !maySignIn(current)) throw ValidationError.general(messages.loginFailed);
  return current;
}

/**
 * Whether `password` is now the password of the user named `username` (not deleted), read
 * from the log itself: for code outside the command service (the first admin's generated
 * password is kept only while it is). Nothing is written.
 */
export async function isCurrentPassword(store: EventStore, username: string, password: string): Promise<boolean> {
  const claim = await currentClaim({ store }, username);
  if (claim === null) return false;
  const user = await loadUser({ aggregates: new AggregateCache(store) }, claim.userId);
  return user.exists && !user.deleted && (await verifyPassword(password, user.passwordHash));
}

// Answering an unknown username as slowly as a wrong password keeps usernames from being probed by timing.
let dummyHash: Promise<string> | undefined;
async function spendVerificationTime(password: string): Promise<false> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(password, await dummyHash);
  return false;
}
