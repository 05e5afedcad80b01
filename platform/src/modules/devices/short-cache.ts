/**
 * Answers that may be reused for a few seconds (the device list's counts and site subtrees), at
 * most `entries` of them, oldest dropped first. Concurrent requests for one key share one promise;
 * a failed one is forgotten. While `enabled` is false nothing is kept.
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
  enabled = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.ttlMs) return cached.value;
    const value = compute();
    if (!this.enabled) return value;
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
