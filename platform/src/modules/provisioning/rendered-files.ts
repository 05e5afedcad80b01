/** A rendered configuration file and its entity tag. */
export interface RenderedFile {
  body: string;
  etag: string;
}

/**
 * Rendered files kept per instance (docs/performance.md "Provisioning"): a phone that polls without
 * changes costs its digest check and a map lookup, not a merge, a render and a hash. Entries are
 * valid for one generation of the device lookups (any announced change that can alter a file clears
 * both); the oldest go first once `maxBytes` of bodies are held.
 */
export class RenderedFiles {
  private readonly files = new Map<string, RenderedFile>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): RenderedFile | undefined {
    return this.files.get(key);
  }

  set(key: string, file: RenderedFile): void {
    const size = file.body.length;
    if (size > this.maxBytes) return;
    const previous = this.files.get(key);
    if (previous) {
      this.bytes -= previous.body.length;
      this.files.delete(key);
    }
    while (this.bytes + size > this.maxBytes) {
      const [oldest] = this.files;
      if (!oldest) break;
      this.files.delete(oldest[0]);
      this.bytes -= oldest[1].body.length;
    }
    this.files.set(key, file);
    this.bytes += size;
  }

  clear(): void {
    this.files.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.files.size;
  }
}
