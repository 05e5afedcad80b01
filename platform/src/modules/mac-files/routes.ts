import { importReply } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { idsBody } from '../sites/fleet-common.js';
import type { MacFileService } from './mac-file-service.js';
import { MAC_FILE_UPLOAD } from './mac-file-service.js';
import { searchMacFilesBody } from './schemas.js';

export function macFileRoutes({ macFileService }: { macFileService: MacFileService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/tb-mac/import',
      summary:
        'Import config.<MAC>.xml files (or a flat .zip of them, 20 MB) into the devices’ parameters; rows = files not imported, totalRows = files read (imported = totalRows - rows)',
      access: { power: 'MAC', button: 'import' },
      upload: MAC_FILE_UPLOAD,
      handler: async ({ file, session, ctx }) => {
        const { language } = ctx.state.request as RequestState;
        return importReply(await macFileService.import(session.scope, file, language));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-mac/search',
      summary: 'Paged imported MAC configuration files',
      access: { power: 'MAC' },
      body: searchMacFilesBody,
      handler: async ({ body, session }) => ({ rows: [await macFileService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-mac/delete',
      summary: 'Remove MAC configuration file records (the devices keep their parameters)',
      access: { power: 'MAC', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await macFileService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    }),
  ];
}
