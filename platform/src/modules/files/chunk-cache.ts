/**
 * Buffers by key, least recently used first out, up to a byte budget; concurrent asks for a key
 * that is being read share the one read. For content that never changes under its key.
 */
export class ChunkCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string, read: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const reading = read().then(
      (buffer) => {
        if (this.entries.get(key) === reading) this.account(key, buffer.length);
        return buffer;
      },
      (error: unknown) => {
        if (this.entries.get(key) === reading) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, reading);
    return reading;
  }

  /** Forgets everything (a restore brought other bytes under the same keys). */
  clear(): void {
    this.entries.clear();
    this.sizes.clear();
    this.bytes = 0;
  }

  private account(key: string, size: number): void {
    this.sizes.set(key, size);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.budget) break;
      if (!this.sizes.has(oldest)) continue; // still being read
      this.entries.delete(oldest);
      this.bytes -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }
}
