import { LRUCache } from 'lru-cache';

export interface ListeningCacheOptions {
  max: number;
  /**
   * Longest an entry is kept: the bound on how long a write made outside the server (psql, a
   * script) goes unseen, since only the server's own writes announce themselves.
   */
  maxAgeMs: number;
}

export interface ListeningCacheStats {
  hits: number;
  misses: number;
  /** Reads served without the cache because this process was not hearing other processes' writes. */
  bypassed: number;
  invalidations: number;
}

/**
 * A per-process cache of rows other processes may change, kept only while this process hears their
 * announcements (a LISTEN channel): without them another instance's write would go unseen. Every
 * change of listening state drops everything. A load that started before any invalidation does not
 * store what it read, since it may have read the row as it was before the write that invalidated it.
 */
export class ListeningCache<V extends object> {
  readonly stats: ListeningCacheStats = { hits: 0, misses: 0, bypassed: 0, invalidations: 0 };
  #generation = 0;
  #listening = false;
  readonly #entries: LRUCache<string, V>;

  constructor(options: ListeningCacheOptions) {
    this.#entries = new LRUCache({ max: options.max, ttl: options.maxAgeMs });
  }

  get size(): number {
    return this.#entries.size;
  }

  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }

  /**
   * The entry under `key` when this process holds it (counted as a hit), without waiting: a request answered from
   * memory then takes no promise turn. Undefined when it is not held, or while not listening; `get` then loads it.
   */
  peek(key: string): V | undefined {
    if (!this.#listening) return undefined;
    const cached = this.#entries.get(key);
    if (cached) this.stats.hits++;
    return cached;
  }

  /** The entry under `key`, or `load`'s (null: nothing to keep). */
  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (!this.#listening) {
      this.stats.bypassed++;
      return load();
    }
    const cached = this.#entries.get(key);
    if (cached) {
      this.stats.hits++;
      return cached;
    }
    this.stats.misses++;
    const generation = this.#generation;
    const loaded = await load();
    if (loaded !== null && generation === this.#generation) this.#entries.set(key, loaded);
    return loaded;
  }

  /** Replaces an entry this process changed itself (and wrote to the database first). */
  update(key: string, value: V): void {
    if (this.#listening && this.#entries.has(key)) this.#entries.set(key, value, { noUpdateTTL: true });
  }

  delete(key: string): void {
    this.#generation++;
    this.#entries.delete(key);
    this.stats.invalidations++;
  }

  deleteWhere(matches: (value: V) => boolean): void {
    this.#generation++;
    for (const [key, value] of this.#entries.entries()) if (matches(value)) this.#entries.delete(key);
    this.stats.invalidations++;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.stats.invalidations++;
  }
}
