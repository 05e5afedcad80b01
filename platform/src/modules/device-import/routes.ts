import { type Language, translate } from '@phonefleet/sdk';
import { AppError, importReply } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx, XLSX_UPLOAD } from '../../http/xlsx.js';
import { actorOf } from '../devices/routes.js';
import { deviceSearchBody } from '../devices/schemas.js';
import type { DeviceImportService } from './device-import-service.js';
import type { ImportProgressStore } from './import-progress.js';
import { exportFailedDataBody, importBody, importProgressQuery } from './schemas.js';

function errorText(error: unknown, language: Language): string {
  if (!(error instanceof AppError)) return translate('unknownError', language);
  if (error.text) return language === 'zh-CN' ? error.text.zh : error.text.en;
  return translate(error.messageKey, language);
}

export function deviceImportRoutes({
  deviceImportService,
  importProgressStore,
}: {
  deviceImportService: DeviceImportService;
  importProgressStore: ImportProgressStore;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/device/import',
      summary:
        'Import devices from an xlsx (multipart `file`, optional `importId` a UUID: its progress is kept for /device/importProgress): valid rows are added, invalid ones answered as rows with their message; totalRows = data rows read (imported = totalRows - rows)',
      access: { power: 'deviceManagement', button: 'import' },
      upload: XLSX_UPLOAD,
      body: importBody,
      handler: async ({ file, body, session, ctx }) => {
        const language = (ctx.state.request as RequestState).language;
        const tracker = body.importId
          ? await importProgressStore.start(body.importId, session.scope.orgId, session.login.user.id)
          : undefined;
        try {
          const outcome = await deviceImportService.import(
            session.scope,
            actorOf(session, ctx),
            file.bytes,
            language,
            tracker,
          );
          const reply = importReply(outcome);
          await tracker?.end('finished', translate(reply.messageKey ?? 'success', language), outcome.failed);
          return reply;
        } catch (error) {
          // The browser that follows the import shows the refusal as this reply would have.
          await tracker?.end('refused', errorText(error, language));
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/device/importProgress',
      summary:
        'The caller’s import with this importId: state (reading, checking, storing, finished, refused, interrupted), rows read and stored; once finished its failed rows and message',
      access: { power: 'deviceManagement', button: 'import' },
      query: importProgressQuery,
      handler: async ({ query, session }) => ({
        rows: [await importProgressStore.read(query.importId, session.login.user.id)],
      }),
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
        sendXlsx(ctx, 'devices.xlsx', await deviceImportService.export(session.scope, body)),
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
