/** The one error type of the browser API client. */
export class ApiError extends Error {
  constructor(
    /** Envelope code; -1 for transport failures (no envelope). */
    readonly code: number,
    message: string,
    readonly messageExt: string | null = null,
    readonly kind: 'api' | 'timeout' | 'network' = 'api',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
