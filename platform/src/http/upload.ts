import path from 'node:path';
import { ErrorCode } from '@phonefleet/sdk';
import type { Context, Next } from 'koa';
import multer from 'multer';
import { AppError } from './envelope.js';

/** What a route accepts as its one uploaded file (multipart field `file`). */
export interface UploadRule {
  maxBytes: number;
  /** Lower-case, with the dot: ['.xlsx', '.xls']. */
  extensions: readonly string[];
}

export interface UploadedFile {
  /** The client's file name, without any folder part. */
  name: string;
  bytes: Buffer;
}

export const UPLOAD_FIELD = 'file';
/** Form fields that may come with the file (the route's body schema validates them). */
const MAX_FORM_FIELDS = 20;

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
}

function multerFailure(error: unknown, rule: UploadRule): AppError {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE')
      return new AppError(
        ErrorCode.payloadTooLarge,
        'uploadTooLarge',
        413,
        `max ${megabytes(rule.maxBytes)}`,
      );
    return AppError.invalid('uploadMissing', `${error.code}: ${error.message}`);
  }
  return AppError.invalid('invalidFormat', (error as Error).message);
}

/**
 * Reads a multipart request into memory (at most `rule.maxBytes` for the file) and leaves the file
 * on `ctx.state.upload`; form fields become the request body. A request that is not multipart
 * passes through without a file, and `uploadedFile` refuses it.
 */
export function uploadMiddleware(rule: UploadRule) {
  const parse = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: { fileSize: rule.maxBytes, files: 1, fields: MAX_FORM_FIELDS, parts: MAX_FORM_FIELDS + 1 },
  }).single(UPLOAD_FIELD);
  return async (ctx: Context, next: Next) => {
    const request = ctx.req as typeof ctx.req & { file?: Express.Multer.File; body?: unknown };
    await new Promise<void>((resolve, reject) => {
      parse(request as never, ctx.res as never, (error: unknown) =>
        error ? reject(multerFailure(error, rule)) : resolve(),
      );
    });
    if (request.body !== undefined) (ctx.request as { body?: unknown }).body = request.body;
    if (request.file) {
      ctx.state.upload = {
        name: path.basename(request.file.originalname.replaceAll('\\', '/')),
        bytes: request.file.buffer,
      } satisfies UploadedFile;
    }
    await next();
  };
}

/** The request's file, checked against the route's rule. */
export function uploadedFile(ctx: Context, rule: UploadRule): UploadedFile {
  const file = ctx.state.upload as UploadedFile | undefined;
  if (!file || file.bytes.length === 0) throw AppError.invalid('uploadMissing');
  const extension = path.extname(file.name).toLowerCase();
  if (!rule.extensions.includes(extension))
    throw AppError.invalid('uploadWrongType', rule.extensions.join(', '));
  return file;
}
