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
  /**
   * Streams the file into this store instead of memory (firmware, resources: hundreds of MB); the
   * handler gets what was stored. Without it the file is read into memory.
   */
  store?: FileSink;
  /** The file may be left out (an edit that keeps the stored one); the handler then gets none. */
  optional?: boolean;
}

export interface UploadedFile {
  /** The client's file name, without any folder part. */
  name: string;
  bytes: Buffer;
}

/** A file streamed into a `FileSink` (the files module's `FileStore`). */
export interface SunkFile {
  id: number;
  name: string;
  size: number;
  sha256: string;
}

export interface FileSink {
  write(
    source: AsyncIterable<Buffer>,
    limits: { orgId: number; name: string; maxBytes: number },
  ): Promise<SunkFile>;
  /** Deletes a stored file no record has claimed (the request that brought it was refused). */
  discardUnclaimed(id: number): Promise<void>;
}

/** What a handler gets for a rule with a store. */
export interface StoredUpload {
  name: string;
  stored: SunkFile;
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
  if (rule.store) return streamingUpload(rule, rule.store);
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
        name: clientName(request.file.originalname),
        bytes: request.file.buffer,
      } satisfies UploadedFile;
    }
    await next();
  };
}

function clientName(originalName: string): string {
  return path.basename(originalName.replaceAll('\\', '/'));
}

/** Refuses a file name whose extension is not one of `rule.extensions`, naming them. */
export function checkExtension(name: string, rule: Pick<UploadRule, 'extensions'>): void {
  if (!rule.extensions.includes(path.extname(name).toLowerCase()))
    throw AppError.invalid('uploadWrongType', rule.extensions.join(', '));
}

/** 'The file exceeds the size limit', with the limit in bytes (a stored file's own check). */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(ErrorCode.payloadTooLarge, 'uploadTooLarge', 413, `max ${maxBytes} bytes`);
}

/**
 * Streams the one file of a multipart request into `store` as it arrives (the caller's organization
 * owns it): memory stays at one chunk whatever the size. The type is checked before a byte is
 * stored; the size while storing. A refused or cut-off upload stores nothing.
 */
function streamingUpload(rule: UploadRule, store: FileSink) {
  return async (ctx: Context, next: Next) => {
    const orgId = (ctx.state.session as { scope: { orgId: number } } | undefined)?.scope.orgId;
    if (orgId === undefined) throw AppError.sessionExpired();
    // The store's own refusal (too large, the database) says more than the aborted stream it causes.
    let writing: Promise<SunkFile> | undefined;
    const storage: multer.StorageEngine = {
      _handleFile(_request, file, done) {
        const name = clientName(file.originalname);
        try {
          checkExtension(name, rule);
        } catch (error) {
          file.stream.resume();
          done(error);
          return;
        }
        writing = store.write(file.stream, { orgId, name, maxBytes: rule.maxBytes });
        writing.then(
          (stored) => done(null, { stored } as Partial<Express.Multer.File>),
          (error: unknown) => {
            file.stream.resume();
            done(error);
          },
        );
      },
      _removeFile(_request, _file, done) {
        done(null);
      },
    };
    const parse = multer({
      storage,
      defParamCharset: 'utf8',
      limits: { files: 1, fields: MAX_FORM_FIELDS, parts: MAX_FORM_FIELDS + 1 },
    }).single(UPLOAD_FIELD);
    const request = ctx.req as typeof ctx.req & {
      file?: Express.Multer.File & { stored?: SunkFile };
      body?: unknown;
    };
    await new Promise<void>((resolve, reject) => {
      parse(request as never, ctx.res as never, (error: unknown) => {
        if (!error) return resolve();
        // A file stored before the request failed (a second file, too many fields) is not kept.
        const refused =
          writing?.then(
            async (stored) => {
              await store.discardUnclaimed(stored.id);
              return error;
            },
            (refusal: unknown) => refusal,
          ) ?? Promise.resolve(error);
        void refused.then((cause) => reject(cause instanceof AppError ? cause : multerFailure(cause, rule)));
      });
    });
    if (request.body !== undefined) (ctx.request as { body?: unknown }).body = request.body;
    if (request.file?.stored) {
      ctx.state.upload = {
        name: request.file.stored.name,
        stored: request.file.stored,
      } satisfies StoredUpload;
    }
    await next();
  };
}

/** The request's file, checked against the route's rule. */
export function uploadedFile(ctx: Context, rule: UploadRule): UploadedFile | StoredUpload | undefined {
  if (rule.store) {
    const stored = ctx.state.upload as StoredUpload | undefined;
    if (!stored && rule.optional) return undefined;
    if (!stored) throw AppError.invalid('uploadMissing');
    return stored;
  }
  const file = ctx.state.upload as UploadedFile | undefined;
  if (!file || file.bytes.length === 0) throw AppError.invalid('uploadMissing');
  checkExtension(file.name, rule);
  return file;
}
