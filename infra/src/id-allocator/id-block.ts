/** A reserved range of ids [next, last], handed out from memory. */
export class IdBlock {
  constructor(
    private next: number,
    private readonly last: number,
  ) {}

  static empty(): IdBlock {
    return new IdBlock(1, 0);
  }

  /** The next id of the block, or undefined when it is used up. */
  take(): number | undefined {
    if (this.next > this.last) return undefined;
    const id = this.next;
    this.next += 1;
    return id;
  }
}

export const DEFAULT_BLOCK_SIZE = 100;
/** A block used up faster than this makes the next one twice as large. */
const FAST_BLOCK_MS = 1_000;
/**
 * Blocks grow to this many times the configured size at most: a restart loses the rest of a block (a gap in the ids, never a duplicate).
 */
const MAX_GROWTH = 100;

/**
 * The size of each next block of a resource type: twice the last one while
 * blocks are used up within a second (a bulk job adding 100,000 results would
 * otherwise make a durable write, an fsync on the caller's thread, every 100
 * ids), back to the configured size once ids come slowly again.
 */
export class BlockSizes {
  private readonly last = new Map<string, { size: number; at: number }>();

  constructor(
    private readonly base: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  next(resourceType: string): number {
    const at = this.now();
    const last = this.last.get(resourceType);
    const size = last && at - last.at < FAST_BLOCK_MS ? Math.min(last.size * 2, this.base * MAX_GROWTH) : this.base;
    this.last.set(resourceType, { size, at });
    return size;
  }
}

export function checkBlockSize(blockSize: number): number {
  if (!Number.isSafeInteger(blockSize) || blockSize < 1) {
    throw new RangeError(`id block size must be a positive integer, got ${blockSize}`);
  }
  return blockSize;
}

export function checkResourceType(resourceType: string): string {
  if (resourceType.length === 0) throw new RangeError('resource type must not be empty');
  return resourceType;
}
