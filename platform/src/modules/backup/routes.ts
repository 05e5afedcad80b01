import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { StoredUpload } from '../../http/upload.js';
import type { BackupArchives } from './archives.js';
import type { BackupService } from './backup-service.js';
import type { OperationLock } from './operation-lock.js';
import { type BackupPlans, publicPlan } from './plans.js';
import { idBody, idsBody, planBody, searchBody } from './schemas.js';

/** The platform administrator's only (the `backup` resource is granted to no other user type). */
const access = { power: 'backup' } as const;
/** A path's id: a whole number a row can have, else nothing is found. */
function pathId(value: string | undefined): number {
  const id = Number(value);
  if (!/^[1-9]\d{0,14}$/.test(value ?? '') || !Number.isSafeInteger(id)) throw AppError.notFound();
  return id;
}

/** An uploaded archive: as large as a database gets. */
const ARCHIVE_MAX_BYTES = 1024 ** 4;

const languageOf = (ctx: { state: Record<string, unknown> }) => (ctx.state.request as RequestState).language;

export function backupRoutes({
  backupService,
  backupPlans,
  backupArchives,
  operationLock,
}: {
  backupService: BackupService;
  backupPlans: BackupPlans;
  backupArchives: BackupArchives;
  operationLock: OperationLock;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/backup/status',
      openDuringOperation: true,
      summary:
        'What holds the console (backup, restore, upgrade) for the blocking dialog, and the last outcome',
      access: 'session',
      handler: async ({ ctx }) => ({ rows: [await operationLock.status(languageOf(ctx))] }),
    }),
    defineRoute({
      method: 'post',
      path: '/backup/cancel',
      openDuringOperation: true,
      summary: 'Cancel the running backup or restore while it allows it (the dialog’s Cancel)',
      access,
      handler: async ({ ctx }) => ({ rows: [await operationLock.cancel(languageOf(ctx))] }),
    }),
    defineRoute({
      method: 'get',
      path: '/backup/config',
      summary: 'Every backup plan (the password never returned)',
      access,
      handler: async () => ({ rows: (await backupPlans.list()).map(publicPlan) }),
    }),
    defineRoute({
      method: 'get',
      path: '/backup/config/:id',
      summary: 'One backup plan (the password never returned)',
      access,
      handler: async ({ params }) => ({ rows: [publicPlan(await backupPlans.get(pathId(params.id)))] }),
    }),
    defineRoute({
      method: 'post',
      path: '/backup/config',
      summary:
        'Create or change a backup plan: file name, content, local or SFTP destination, schedule, how many to keep',
      access: { ...access, button: 'add' },
      body: planBody,
      handler: async ({ body }) => ({ rows: [publicPlan(await backupPlans.save(body))] }),
    }),
    defineRoute({
      method: 'post',
      path: '/backup/removeConfig',
      summary: 'Delete backup plans (their archives stay listed)',
      access: { ...access, button: 'delete' },
      body: idsBody,
      handler: async ({ body }) => {
        await backupPlans.remove(body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/backup/execute',
      summary: 'Back up now with a plan; answers the status (code 100000 when another operation runs)',
      access: { ...access, button: 'add' },
      body: idBody,
      handler: async ({ body, ctx }) => ({ rows: [await backupService.execute(body.id, languageOf(ctx))] }),
    }),
    defineRoute({
      method: 'post',
      path: '/backup/search',
      summary: 'The finished archives, newest first',
      access,
      body: searchBody,
      handler: async ({ body }) => backupArchives.search(body),
    }),
    defineRoute({
      method: 'post',
      path: '/backup/recover/:id',
      summary: 'Restore an archive (data and firmware); every user signs in again afterwards',
      access: { ...access, button: 'recover' },
      handler: async ({ params, ctx }) => ({
        rows: [await backupService.recover(pathId(params.id), languageOf(ctx))],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/backup/remove',
      summary: 'Delete archives: their files (local or on the backup server) and their rows',
      access: { ...access, button: 'delete' },
      body: idsBody,
      handler: async ({ body }) => {
        await backupService.remove(body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/backup/upload',
      summary: 'Upload an archive (a restore on a new machine); it is listed, then restored with recover',
      access: { ...access, button: 'recover' },
      upload: { maxBytes: ARCHIVE_MAX_BYTES, extensions: ['.gz'], store: backupArchives },
      handler: async ({ file }) => ({ rows: [await backupArchives.get((file as StoredUpload).stored.id)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/backup/download/:id',
      summary: 'Download a local or uploaded archive',
      access,
      handler: async ({ params, ctx }) => {
        const archive = await backupArchives.get(pathId(params.id));
        if (archive.destination === 'remote') throw AppError.invalid('backupArchiveMissing');
        ctx.body = await backupArchives.openLocal(archive.fileName);
        ctx.set('Content-Type', 'application/gzip');
        ctx.set('Content-Length', String(archive.size));
        ctx.set('Content-Disposition', `attachment; filename="${archive.fileName}"`);
        ctx.set('Cache-Control', 'private, no-store');
        return { raw: true };
      },
    }),
  ];
}
