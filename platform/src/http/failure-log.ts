import type { Logger } from 'pino';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** Whether a failure means PostgreSQL cannot be reached right now (not a fault of the request). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let cause = error as
        | {
            name?: string;
            code?: string;
            message?: string;
            original?: unknown;
            parent?: unknown;
            cause?: unknown;
          }
        | undefined,
      depth = 0;
    cause && depth < 5;
    depth += 1
  ) {
    if (cause.name?.startsWith('SequelizeConnection') || UNAVAILABLE_CODES.has(cause.code ?? '')) return true;
    if (
      /Connection terminated|connection is closed|the database system is (shutting down|starting up)/i.test(
        cause.message ?? '',
      )
    )
      return true;
    cause = (cause.original ?? cause.parent ?? cause.cause) as typeof cause;
  }
  return false;
}

/**
 * Logs requests that failed unexpectedly. While the database is unreachable every request fails
 * the same way: the outage is logged once, the failures counted, and its end logged once with the
 * count, instead of a stack per request.
 */
export class FailureLog {
  private outage: { since: number; failed: number } | undefined;

  constructor(private readonly logger: Logger) {}

  failed(error: unknown, context: Record<string, unknown>, message: string, log: Logger = this.logger): void {
    if (!isDatabaseUnavailable(error)) {
      log.error({ err: error, ...context }, message);
      return;
    }
    if (!this.outage) {
      this.outage = { since: Date.now(), failed: 0 };
      this.logger.error({ err: error }, 'database unreachable: requests fail until it is back');
    }
    this.outage.failed += 1;
  }

  /** A request that needed the database went through. */
  succeeded(): void {
    if (!this.outage) return;
    const { since, failed } = this.outage;
    this.outage = undefined;
    this.logger.info(
      { failedRequests: failed, seconds: Math.round((Date.now() - since) / 1000) },
      'database reachable again',
    );
  }
}
