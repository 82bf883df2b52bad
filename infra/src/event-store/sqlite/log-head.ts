import Database from 'better-sqlite3';

/**
 * The head of a SQLite log written by another process, looked at every `everyMs` from a read-only
 * connection of its own: how a follower in another process learns of commits whose notices it missed
 * (a bus reconnecting), or that nobody announces. One look is a read of the position index's last entry.
 */
export class LogHeadWatch {
  private readonly db: Database.Database;
  private readonly read: Database.Statement;
  private readonly listeners = new Set<(head: number) => void>();
  private readonly timer: NodeJS.Timeout;
  private head: number;

  constructor(file: string, everyMs: number) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.read = this.db.prepare('SELECT max(position) FROM events').pluck();
    this.head = this.look();
    this.timer = setInterval(() => this.told(this.look()), everyMs);
    this.timer.unref();
  }

  get position(): number {
    return this.head;
  }

  /** Tells `listener` of each new head, from the next look on (or from a notice passed to `told`). */
  onHead(listener: (head: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A head learnt otherwise (a commit notice): listeners hear of it now, once. */
  told(head: number): void {
    if (head <= this.head) return;
    this.head = head;
    for (const listener of this.listeners) listener(head);
  }

  close(): void {
    clearInterval(this.timer);
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }

  private look(): number {
    return (this.read.get() as number | null) ?? 0;
  }
}
