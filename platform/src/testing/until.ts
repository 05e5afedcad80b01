/**
 * Asks `probe` every 100 ms until `done` holds or `timeoutMs` passes, and answers the last value:
 * the test's own expectation on it then says what was wrong.
 */
export async function until<T>(
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
