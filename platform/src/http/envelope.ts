import {
  type ApiEnvelope,
  ErrorCode,
  type ErrorCodeValue,
  type Language,
  type MessageKey,
  translate,
} from '@phonefleet/sdk';

/** What a route handler returns; the envelope helper turns it into the spec's response. */
export interface Reply<Row = unknown> {
  rows: Row[];
  totalRows?: number;
  messageKey?: MessageKey;
}

/**
 * The answer of every import (the shared import dialog reads it): the refused rows with why, and
 * `totalRows` the rows or files read, each either imported or refused once (imported = totalRows - rows).
 */
export function importReply<Row>({ read, failed }: { read: number; failed: Row[] }): Reply<Row> {
  return { rows: failed, totalRows: read, messageKey: failed.length ? 'importPartlyFailed' : 'success' };
}

/** The one error type: a spec message, an envelope code and the HTTP status that goes with it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly messageKey: MessageKey,
    readonly httpStatus: number = statusFor(code),
    readonly messageExt: string | null = null,
    /** Preformatted text when the message has parameters (validation engine messages). */
    readonly text?: { en: string; zh: string },
    /** Rows the refusal carries (the operation status a blocked call answers with). */
    readonly rows: unknown[] = [],
  ) {
    super(text?.en ?? messageKey);
    this.name = 'AppError';
  }

  static invalid(messageKey: MessageKey, messageExt: string | null = null): AppError {
    return new AppError(ErrorCode.invalidInput, messageKey, 400, messageExt);
  }

  /** A validation engine message (already formatted in both languages). */
  static validation(text: { en: string; zh: string }, messageExt: string | null = null): AppError {
    return new AppError(ErrorCode.invalidInput, 'invalidFormat', 400, messageExt, text);
  }

  static notFound(): AppError {
    return new AppError(ErrorCode.notFound, 'notFound', 404);
  }

  static forbidden(): AppError {
    return new AppError(ErrorCode.forbidden, 'forbidden', 403);
  }

  static sessionExpired(): AppError {
    return new AppError(ErrorCode.sessionExpired, 'sessionExpired', 401);
  }
}

function statusFor(code: ErrorCodeValue): number {
  switch (code) {
    case ErrorCode.invalidInput:
      return 400;
    case ErrorCode.loginFailed:
    case ErrorCode.sessionExpired:
      return 401;
    case ErrorCode.forbidden:
      return 403;
    case ErrorCode.notFound:
      return 404;
    case ErrorCode.conflict:
      return 409;
    case ErrorCode.payloadTooLarge:
      return 413;
    case ErrorCode.locked:
      return 423;
    case ErrorCode.tooManyRequests:
      return 429;
    case ErrorCode.internal:
      return 500;
    default:
      return 200;
  }
}

/** The one envelope helper. */
export function success<Row>(reply: Reply<Row>, language: Language): ApiEnvelope<Row> {
  return {
    code: ErrorCode.success,
    message: translate(reply.messageKey ?? 'success', language),
    messageExt: null,
    result:
      reply.totalRows === undefined ? { rows: reply.rows } : { rows: reply.rows, totalRows: reply.totalRows },
  };
}

export function failure(error: AppError, language: Language): ApiEnvelope<never> {
  const message = error.text
    ? language === 'zh-CN'
      ? error.text.zh
      : error.text.en
    : translate(error.messageKey, language);
  return { code: error.code, message, messageExt: error.messageExt, result: { rows: error.rows as never[] } };
}
