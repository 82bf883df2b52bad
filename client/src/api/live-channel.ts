import { type Observable, defer, filter, map, repeat, retry, share } from 'rxjs';
import { webSocket, type WebSocketSubject } from 'rxjs/webSocket';

interface LiveMessage {
  topic?: string;
  subscribed?: string[];
  /** With `subscribed`: the read models' position the topics are followed from. */
  position?: number;
  error?: string;
}

/** What the client asks: follow topics, stop, or tell which followed ones changed after a position. */
type LiveRequest = { subscribe: string[] } | { unsubscribe: string[] } | { changedSince: number; topics: string[] };

/** The socket carries both ways: what arrives is always the server's. */
const fromServer = (message: LiveMessage | LiveRequest) => message as LiveMessage;

const RECONNECT_DELAY_MS = 2_000;

/**
 * How long before a topic's subscription is sent an answer may still be its screen's: a screen asks for its
 * data as it follows its topics, and an answer a route asked ahead is taken within 10 s (`prefetch`).
 */
const ANSWERED_BEFORE_MS = 15_000;
/** How long after its acknowledgement a subscription is matched with answers read before it (a fetch sent before, answered after). */
const SUBSCRIPTION_KEPT_MS = 60_000;
/** Answers older than this are forgotten, and at most this many are kept. */
const ANSWERS_KEPT_MS = 120_000;
const ANSWERS_KEPT = 2_000;

interface Moment {
  position: number;
  at: number;
}

/**
 * The app's live channel (`/ws/live/`): one socket shared by every screen. A
 * screen follows topics such as `projects` or `project:7` and refetches when a
 * change notice for one of them arrives. After a reconnect it also refetches,
 * because notices sent while the socket was down are lost.
 */
export class LiveChannel {
  private readonly socket: WebSocketSubject<LiveMessage | LiveRequest>;
  /** The server keeps one set of topics per socket, so each topic is followed once, shared by every screen that wants it. */
  private readonly followed = new Map<string, Observable<void>>();
  /** The read positions of the recent answers (`answeredAt`). */
  private readonly answers: Moment[] = [];
  /** By topic, when its subscription was last sent. */
  private readonly sent = new Map<string, number>();
  /** By topic, the position its subscription was acknowledged at, while recent. */
  private readonly subscriptions = new Map<string, Moment>();

  constructor(
    url: string,
    WebSocketCtor?: typeof WebSocket,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.socket = webSocket<LiveMessage | LiveRequest>({ url, ...(WebSocketCtor ? { WebSocketCtor } : {}) });
  }

  /**
   * An answer read at `position` (its `X-Read-Position`). Notices go only to topics followed already, so a
   * change between an answer and the subscription of the screen showing it would be missed: whichever of
   * the two comes second asks the server which of the topics changed after the answer's position.
   */
  answeredAt(position: number): void {
    const at = this.forgetOld();
    this.answers.push({ position, at });
    if (this.answers.length > ANSWERS_KEPT) this.answers.shift();
    const newer = [...this.subscriptions].filter(([, subscribed]) => subscribed.position > position).map(([topic]) => topic);
    if (newer.length > 0) this.socket.next({ changedSince: position, topics: newer });
  }

  private subscribing(topic: string): LiveRequest {
    this.sent.set(topic, this.now());
    return { subscribe: [topic] };
  }

  /** The subscription is acknowledged at `position`: answers its screen may show, read before that, may lack changes. */
  private subscribedAt(topic: string, position: number): void {
    const at = this.forgetOld();
    this.subscriptions.set(topic, { position, at });
    const from = (this.sent.get(topic) ?? at) - ANSWERED_BEFORE_MS;
    const older = this.answers.filter((answer) => answer.at >= from && answer.position < position);
    if (older.length > 0) this.socket.next({ changedSince: Math.min(...older.map((answer) => answer.position)), topics: [topic] });
  }

  /** Drops answers and subscriptions too old to be matched; returns the time now. */
  private forgetOld(): number {
    const at = this.now();
    while (this.answers.length > 0 && this.answers[0]!.at < at - ANSWERS_KEPT_MS) this.answers.shift();
    for (const [topic, subscribed] of this.subscriptions) if (subscribed.at < at - SUBSCRIPTION_KEPT_MS) this.subscriptions.delete(topic);
    return at;
  }

  /** Emits once per change of the topic (and once after each reconnect); never errors. */
  changes(topic: string): Observable<void> {
    let changes = this.followed.get(topic);
    if (!changes) {
      changes = this.follow(topic).pipe(share());
      this.followed.set(topic, changes);
    }
    return changes;
  }

  private follow(topic: string): Observable<void> {
    return defer(() => {
      let connections = 0;
      return defer(() => {
        connections += 1;
        let acknowledged = false;
        const reconnected = connections > 1;
        return this.socket
          .multiplex(
            () => this.subscribing(topic),
            () => ({ unsubscribe: [topic] }),
            (message) => fromServer(message).topic === topic || (fromServer(message).subscribed?.includes(topic) ?? false),
          )
          .pipe(
            map(fromServer),
            filter((message) => {
              if (message.topic === topic) return true;
              if (acknowledged) return false;
              acknowledged = true;
              // The first acknowledgement of a new connection stands for the notices it missed.
              if (reconnected) return true;
              if (message.position !== undefined) this.subscribedAt(topic, message.position);
              return false;
            }),
          );
      }).pipe(retry({ delay: RECONNECT_DELAY_MS }), repeat({ delay: RECONNECT_DELAY_MS }));
    }).pipe(map(() => undefined));
  }
}
