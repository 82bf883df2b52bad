/**
 * IdAllocator on a SQLite table of (resource_type, next_value). Ids are reserved
 * durably in blocks and handed out from memory, so most `next()` calls touch no
 * disk. A restart continues after the last reserved block: the unused rest of
 * a block is a gap, never a duplicate. Several processes may share the file:
 * each reservation is an IMMEDIATE transaction.
 */
import Database from 'better-sqlite3';
import type { IdAllocator } from '../ports/id-allocator.ts';
import { BlockSizes, checkBlockSize, checkResourceType, DEFAULT_BLOCK_SIZE, IdBlock } from './id-block.ts';

export interface SqliteIdAllocatorOptions {
  /** Ids reserved per write, at first. Default 100; blocks grow while ids go fast (BlockSizes). */
  blockSize?: number;
}

export class SqliteIdAllocator implements IdAllocator {
  private readonly blocks = new Map<string, IdBlock>();
  private readonly reserveBlock: (resourceType: string) => IdBlock;
  private readonly blockSizes: BlockSizes;
  private closed = false;

  static open(file: string, options: SqliteIdAllocatorOptions = {}): SqliteIdAllocator {
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 10000');
      db.exec(`
        CREATE TABLE IF NOT EXISTS id_blocks (
          resource_type TEXT PRIMARY KEY,
          next_value    INTEGER NOT NULL
        )
      `);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteIdAllocator(db, checkBlockSize(options.blockSize ?? DEFAULT_BLOCK_SIZE));
  }

  private constructor(
    private readonly db: Database.Database,
    blockSize: number,
  ) {
    this.blockSizes = new BlockSizes(blockSize);
    const read = db.prepare('SELECT next_value FROM id_blocks WHERE resource_type = ?').pluck();
    const write = db.prepare(
      'INSERT INTO id_blocks (resource_type, next_value) VALUES (?, ?) ' +
        'ON CONFLICT (resource_type) DO UPDATE SET next_value = excluded.next_value',
    );
    const reserve = db.transaction((resourceType: string, size: number): IdBlock => {
      const first = (read.get(resourceType) as number | undefined) ?? 1;
      write.run(resourceType, first + size);
      return new IdBlock(first, first + size - 1);
    });
    // IMMEDIATE: take the write lock before reading, so two processes cannot read the same value.
    this.reserveBlock = (resourceType) => reserve.immediate(resourceType, this.blockSizes.next(resourceType));
  }

  async next(resourceType: string): Promise<number> {
    if (this.closed) throw new Error('id allocator is closed');
    checkResourceType(resourceType);
    const fromMemory = this.blocks.get(resourceType)?.take();
    if (fromMemory !== undefined) return fromMemory;
    const block = this.reserveBlock(resourceType);
    this.blocks.set(resourceType, block);
    return block.take()!;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
