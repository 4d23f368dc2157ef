import { createHash } from 'node:crypto';

/**
 * What one thread keeps between renders: the work a render does on its inputs alone (a product's cut-out, a photo's
 * analysis) for the next render of the same inputs (the other variations of a job, a re-composite, the next job
 * with the same catalogue products). Least recently used first out, within a byte budget; the values are read, never
 * changed, by the renders that get them.
 */
export class Memo<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // the most recently used goes last
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.used -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}

/** A key for bytes and what else the value depends on: a digest, so equal inputs find each other across renders. */
export function memoKey(bytes: Uint8Array, ...extra: Array<string | number>): string {
  return createHash('sha1').update(bytes).update(extra.join('\u0000')).digest('base64');
}
