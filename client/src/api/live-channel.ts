import { Observable, defer, filter, map, repeat, retry, share } from 'rxjs';
import { webSocket, type WebSocketSubject } from 'rxjs/webSocket';

interface LiveMessage {
  topic?: string;
  subscribed?: string[];
  error?: string;
}

const RECONNECT_DELAY_MS = 2_000;

/**
 * The app's live channel (`/ws/live/`): one socket shared by every screen. A
 * screen follows topics such as `projects` or `project:7` and refetches when a
 * change notice for one of them arrives. After a reconnect it also refetches,
 * because notices sent while the socket was down are lost.
 */
export class LiveChannel {
  private readonly socket: WebSocketSubject<LiveMessage>;
  /** The server keeps one set of topics per socket, so each topic is followed once, shared by every screen that wants it. */
  private readonly followed = new Map<string, Observable<void>>();

  constructor(url: string, WebSocketCtor?: typeof WebSocket) {
    this.socket = webSocket<LiveMessage>({ url, ...(WebSocketCtor ? { WebSocketCtor } : {}) });
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
            () => ({ subscribe: [topic] }),
            () => ({ unsubscribe: [topic] }),
            (message) => message.topic === topic || (message.subscribed?.includes(topic) ?? false),
          )
          .pipe(
            filter((message) => {
              if (message.topic === topic) return true;
              // The first acknowledgement of a new connection stands for the notices it missed.
              const missedNotices = reconnected && !acknowledged;
              acknowledged = true;
              return missedNotices;
            }),
          );
      }).pipe(retry({ delay: RECONNECT_DELAY_MS }), repeat({ delay: RECONNECT_DELAY_MS }));
    }).pipe(map(() => undefined));
  }
}
