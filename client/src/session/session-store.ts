import { authRoutes, topics, deepMergeConfig, userRoutes, type loginBody, type UserConfig } from '@testament/contracts';
import {
  BehaviorSubject,
  EMPTY,
  type Observable,
  type Subscription,
  catchError,
  asyncScheduler,
  concatMap,
  firstValueFrom,
  map,
  observeOn,
  of,
  shareReplay,
  switchMap,
  tap,
} from 'rxjs';
import type { z } from 'zod';
import type { ApiClient } from '../api/api-client.ts';
import type { AnswerOf, Endpoints } from '../api/endpoints.ts';
import type { LiveChannel } from '../api/live-channel.ts';
import type { User } from './user.ts';

type SessionAnswer = AnswerOf<typeof authRoutes.session>;

/** The body of `POST /auth/login/`. */
export type Credentials = z.input<typeof loginBody>;

/**
 * The signed-in user and their server-side UI config (§3 "User config"). Both
 * follow the live channel, so a change made in another browser (a favourite,
 * a dashboard switch, a new avatar) shows here too.
 */
export class SessionStore {
  readonly user$ = new BehaviorSubject<User | null>(null);
  readonly config$ = new BehaviorSubject<UserConfig>({});
  private following: Subscription | undefined;
  /** The answer to "who is signed in", asked for before the first render and kept until a load uses it. */
  private early: Observable<SessionAnswer> | undefined;
  private readonly auth: Endpoints<typeof authRoutes>;
  private readonly users: Endpoints<typeof userRoutes>;

  constructor(
    private readonly api: ApiClient,
    private readonly live: LiveChannel,
  ) {
    this.auth = api.endpoints(authRoutes);
    this.users = api.endpoints(userRoutes);
  }

  get user(): User | null {
    return this.user$.value;
  }

  /** Asks who is signed in while the app is still starting (translations, theme), so the first screen waits one round trip less. */
  askEarly(): void {
    this.early = this.auth.session().pipe(shareReplay(1));
    this.early.subscribe({ error: () => undefined });
  }

  /**
   * The signed-in user's config as soon as it is known: at once when the user is loaded, else from the
   * answer asked for early, before the app's first render; null when nobody is signed in or nothing was asked.
   * A route's loader waits for it to ask its screen's calls ahead (app/prefetch.ts) only for a signed-in user. It hears
   * the answer as it arrives, a task before `load` hands it to the app, whose first render would otherwise send the
   * screen's own calls first (and the calls asked ahead, too late, a second time).
   */
  signedInConfig(): Promise<UserConfig | null> {
    if (this.user) return Promise.resolve(this.config$.value);
    if (!this.early) return Promise.resolve(null);
    return firstValueFrom(this.early.pipe(map(({ user, config }) => (user ? (config ?? {}) : null))), { defaultValue: null }).catch(
      () => null,
    );
  }

  /** The current user and their config in one answer (§4 Login); nobody signed in goes to the login page without a failed request. */
  load(): Observable<User> {
    // A kept answer is handed over asynchronously, like a request's, so the app's reactions (failure routing) are listening by then.
    return (this.early?.pipe(observeOn(asyncScheduler)) ?? this.auth.session()).pipe(
      concatMap(({ user, config }) => {
        this.early = undefined;
        if (!user) {
          this.api.notSignedIn();
          return EMPTY;
        }
        this.config$.next(config ?? {});
        this.user$.next(user);
        this.follow(user.id);
        return of(user);
      }),
    );
  }

  /** Clears what the previous user left, logs in, then loads the new user; the login page handles every failure. */
  logIn(credentials: Credentials): Observable<User> {
    this.clear();
    return this.auth.login({ body: credentials }, { handles: 'all' }).pipe(
      tap(() => this.api.sessionStarted()),
      switchMap(() => this.load()),
    );
  }

  async logOut(): Promise<void> {
    await this.api.logOut();
    this.clear();
  }

  clear(): void {
    this.early = undefined;
    this.following?.unsubscribe();
    this.following = undefined;
    this.user$.next(null);
    this.config$.next({});
  }

  /** Shows the change at once and saves it; the server deep-merges the patch (arrays replaced). */
  changeConfig(patch: UserConfig): void {
    this.config$.next(deepMergeConfig(this.config$.value, patch));
    this.users
      .updateConfig({ body: patch })
      .pipe(catchError(() => this.refreshConfig()))
      .subscribe((config) => this.config$.next(config));
  }

  /** The user as the server now has them, after a change to the profile, the avatar or the password. */
  refreshUser(): void {
    this.users
      .me()
      .pipe(catchError(() => EMPTY))
      .subscribe((user) => this.user$.next(user));
  }

  private refreshConfig(): Observable<UserConfig> {
    return this.users.config().pipe(catchError(() => EMPTY));
  }

  private follow(userId: number): void {
    this.following?.unsubscribe();
    const changes = this.live.changes(topics.user(userId));
    this.following = changes.pipe(switchMap(() => this.refreshConfig())).subscribe((config) => this.config$.next(config));
    this.following.add(changes.subscribe(() => this.refreshUser()));
  }
}
