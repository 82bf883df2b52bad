import type { InsertRow } from './group-commit.ts';

/**
 * The rows of the latest commits, in position order: subscribers that follow
 * the head read what was just committed from here rather than from the file.
 * Holds between `capacity` and twice that many rows.
 */
export class RecentRows {
  private rows: InsertRow[] = [];

  constructor(private readonly capacity = 4096) {}

  /** Rows of a commit, whose positions continue those already held. */
  add(rows: readonly InsertRow[]): void {
    for (const row of rows) this.rows.push(row);
    if (this.rows.length > 2 * this.capacity) this.rows = this.rows.slice(-this.capacity);
  }

  /** Up to `limit` rows after position `after`; undefined when the first of them is no longer held. */
  after(after: number, limit: number): InsertRow[] | undefined {
    const first = this.rows[0];
    if (first === undefined || after < first[0] - 1) return undefined;
    const start = after - first[0] + 1;
    return this.rows.slice(start, start + limit);
  }

  clear(): void {
    this.rows = [];
  }
}
