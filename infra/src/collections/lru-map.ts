interface Node<K, V> {
  key: K;
  value: V;
  older: Node<K, V> | null;
  newer: Node<K, V> | null;
}

/**
 * A map that knows which of its keys was used least recently, for bounded
 * caches. Use is tracked in a linked list beside the map, so a hit moves a node
 * and leaves the map alone: re-inserting a key to move it last in a plain Map's
 * order leaves a deleted slot behind, and finding the oldest key then walks
 * over all of them (tens of microseconds a step once a cache is full).
 */
export class LruMap<K, V> {
  private readonly nodes = new Map<K, Node<K, V>>();
  private oldest: Node<K, V> | null = null;
  private newest: Node<K, V> | null = null;

  get size(): number {
    return this.nodes.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const node = this.nodes.get(key);
    if (!node) return undefined;
    this.moveToNewest(node);
    return node.value;
  }

  /** Sets the value, now the most recently used. */
  set(key: K, value: V): void {
    const node = this.nodes.get(key);
    if (node) {
      node.value = value;
      this.moveToNewest(node);
      return;
    }
    const added: Node<K, V> = { key, value, older: this.newest, newer: null };
    if (this.newest) this.newest.newer = added;
    else this.oldest = added;
    this.newest = added;
    this.nodes.set(key, added);
  }

  delete(key: K): boolean {
    const node = this.nodes.get(key);
    if (!node) return false;
    this.unlink(node);
    this.nodes.delete(key);
    return true;
  }

  /** The least recently used key, the one a full cache lets go first. */
  oldestKey(): K | undefined {
    return this.oldest?.key;
  }

  clear(): void {
    this.nodes.clear();
    this.oldest = this.newest = null;
  }

  private moveToNewest(node: Node<K, V>): void {
    if (node === this.newest) return;
    this.unlink(node);
    node.older = this.newest;
    node.newer = null;
    this.newest!.newer = node;
    this.newest = node;
  }

  private unlink(node: Node<K, V>): void {
    if (node.older) node.older.newer = node.newer;
    else this.oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.newest = node.older;
    node.older = node.newer = null;
  }
}
