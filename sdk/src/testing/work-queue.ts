/** Runs at most `size` jobs at a time; the others wait in the order they came. */
export class WorkQueue {
  private running = 0;
  private waiting: ((() => void) | undefined)[] = [];
  private head = 0;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`invalid work queue size ${size}`);
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting[this.head];
      if (next) {
        // The slot passes straight to the next job; the queue is compacted once half of it is spent.
        this.waiting[this.head] = undefined;
        this.head += 1;
        if (this.head > 1024 && this.head * 2 > this.waiting.length) {
          this.waiting = this.waiting.slice(this.head);
          this.head = 0;
        }
        next();
      } else {
        this.running -= 1;
      }
    }
  }
}
