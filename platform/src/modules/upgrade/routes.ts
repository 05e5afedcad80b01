import { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { StoredUpload } from '../../http/upload.js';
import type { ReleaseStaging } from './staging.js';
import type { UpgradeService } from './upgrade-service.js';

/** The platform administrator's only (the `upgrade` resource is granted to no other user type). */
const access = { power: 'upgrade' } as const;
/** A package carries the release's sources and built pages: tens of MB; 2 GB leaves room. */
const PACKAGE_MAX_BYTES = 2 * 1024 ** 3;

const executeBody = z.object({
  version: z
    .string({ error: 'upgradeNotStaged' })
    .trim()
    .min(1, 'upgradeNotStaged')
    .max(32, 'upgradeNotStaged'),
});

const languageOf = (ctx: { state: Record<string, unknown> }) => (ctx.state.request as RequestState).language;

export function upgradeRoutes({
  upgradeService,
  releaseStaging,
}: {
  upgradeService: UpgradeService;
  releaseStaging: ReleaseStaging;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/upgrade/info',
      summary: 'The running version, how the console is deployed, and the staged release if any',
      access,
      handler: async () => ({ rows: [await upgradeService.info()] }),
    }),
    defineRoute({
      method: 'post',
      path: '/upgrade/upload',
      summary:
        'Upload an installation package: its signature, version and files are verified, then its release is staged',
      access: { ...access, button: 'upload' },
      upload: { maxBytes: PACKAGE_MAX_BYTES, extensions: ['.gz'], store: releaseStaging },
      handler: async ({ file }) => {
        const upload = file as StoredUpload;
        try {
          upgradeService.assertUpgradable();
        } catch (error) {
          await releaseStaging.discardUnclaimed(upload.stored.id);
          throw error;
        }
        return { rows: [await releaseStaging.stage(upload.stored.id)] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/upgrade/execute',
      summary:
        'Apply the staged release: backup, migrations, switch and restart (code 0 and the status; 120000 while it runs)',
      access: { ...access, button: 'upload' },
      body: executeBody,
      handler: async ({ body, ctx }) => ({
        rows: [await upgradeService.execute(body.version, languageOf(ctx))],
      }),
    }),
  ];
}
