/**
 * How many API calls are running that show the loading overlay (spec §4: every request except those
 * flagged as not loading, `loading: false`). The host draws the overlay; polls and background
 * lists opt out.
 */
let running = 0;
const listeners = new Set<(busy: boolean) => void>();

function changed(): void {
  for (const listener of listeners) listener(running > 0);
}

/** Counts `work` while it runs, unless the call is flagged as not loading. */
export async function whileLoading<T>(loading: boolean | undefined, work: () => Promise<T>): Promise<T> {
  if (loading === false) return work();
  running += 1;
  if (running === 1) changed();
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) changed();
  }
}

/** Told `true` when the first counted call starts and `false` when the last one ends. */
export function onLoadingChange(listener: (busy: boolean) => void): () => void {
  listeners.add(listener);
  listener(running > 0);
  return () => listeners.delete(listener);
}

export function isLoading(): boolean {
  return running > 0;
}
