import { importReply } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx, XLSX_UPLOAD } from '../../http/xlsx.js';
import { actorOf } from '../devices/routes.js';
import { deviceSearchBody } from '../devices/schemas.js';
import type { DeviceImportService } from './device-import-service.js';
import { exportFailedDataBody } from './schemas.js';

export function deviceImportRoutes({
  deviceImportService,
}: {
  deviceImportService: DeviceImportService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/device/import',
      summary:
        'Import devices from an xlsx (multipart `file`): valid rows are added, invalid ones answered as rows with their message; totalRows = data rows read (imported = totalRows - rows)',
      access: { power: 'deviceManagement', button: 'import' },
      upload: XLSX_UPLOAD,
      handler: async ({ file, session, ctx }) => {
        const language = (ctx.state.request as RequestState).language;
        return importReply(
          await deviceImportService.import(session.scope, actorOf(session, ctx), file.bytes, language),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/device/deviceExcel',
      summary: 'The device import template (xlsx)',
      access: { power: 'deviceManagement', button: 'import' },
      handler: async ({ ctx }) => sendXlsx(ctx, 'device-template.xlsx', await deviceImportService.template()),
    }),
    defineRoute({
      method: 'post',
      path: '/device/export',
      summary:
        'The device list for the same filters and order as /device/search, as xlsx (at most 100,000 devices)',
      access: { power: 'deviceManagement', button: 'export' },
      body: deviceSearchBody,
      handler: async ({ body, session, ctx }) =>
        sendXlsx(ctx, 'devices.xlsx', deviceImportService.export(session.scope, body)),
    }),
    defineRoute({
      method: 'post',
      path: '/device/exportFailedData',
      summary: 'The failed rows of an import with their messages, as xlsx',
      access: { power: 'deviceManagement', button: 'import' },
      body: exportFailedDataBody,
      handler: async ({ body, ctx }) =>
        sendXlsx(ctx, 'device-import-failed.xlsx', await deviceImportService.failedRows(body.rows)),
    }),
  ];
}
