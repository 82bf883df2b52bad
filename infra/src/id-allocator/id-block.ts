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
