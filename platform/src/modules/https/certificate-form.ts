import type { Context } from 'koa';
import multer from 'multer';
import { z } from 'zod';
import { AppError } from '../../http/envelope.js';
import type { HttpSettingForm } from './https-service.js';

/** Certificates and keys are a few KB; a CA bundle some hundred. */
const MAX_FILE_BYTES = 1024 * 1024;
const FILE_FIELDS = ['pemFile', 'keyFile', 'caFile'] as const;

const fields = z.object({
  httpProtocal: z.enum(['http', 'https']),
  port: z.coerce.number().int().min(1).max(65535),
});

const parser = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_FILE_BYTES, files: FILE_FIELDS.length, fields: 10, parts: 13 },
}).fields(FILE_FIELDS.map((name) => ({ name, maxCount: 1 })));

/**
 * `POST /common/setHttpCA`'s multipart body (spec §7: httpProtocal, port, pemFile, keyFile, caFile).
 * Read only after the caller is known to be the LAN administrator.
 */
export async function readCertificateForm(ctx: Context): Promise<HttpSettingForm> {
  const request = ctx.req as typeof ctx.req & {
    files?: Record<string, Express.Multer.File[]>;
    body?: Record<string, unknown>;
  };
  if (!ctx.is('multipart/form-data')) throw AppError.invalid('uploadMissing');
  await new Promise<void>((resolve, reject) => {
    parser(request as never, ctx.res as never, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
        return reject(AppError.invalid('uploadTooLarge', `${error.field}: max 1 MB`));
      reject(AppError.invalid('invalidFormat', (error as Error).message));
    });
  });
  const parsed = fields.safeParse(request.body ?? {});
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'port');
    throw AppError.invalid(field === 'port' && request.body?.port ? 'portInvalid' : 'fieldRequired', field);
  }
  const part = (name: (typeof FILE_FIELDS)[number]) => {
    const file = request.files?.[name]?.[0];
    return file && file.size > 0 ? { name: file.originalname, bytes: file.buffer } : undefined;
  };
  return { ...parsed.data, pemFile: part('pemFile'), keyFile: part('keyFile'), caFile: part('caFile') };
}
