import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx } from '../../http/xlsx.js';
import type { CallRecordService } from './call-record-service.js';
import type { CallSummaryService } from './call-summary-service.js';
import { callExportBody, callSearchBody, callSummaryBody } from './schemas.js';

/** Call statistics (docs/call-statistics.md): power `callStatistics`, the export its button `export`. */
export function callRoutes({
  callSummaryService,
  callRecordService,
}: {
  callSummaryService: CallSummaryService;
  callRecordService: CallRecordService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/callStatistics/summary',
      summary:
        'Calls over time (hour or day buckets of the caller’s zone), quality distribution, average and maximum figures, worst 10 devices and sites by poor share, from the rollups',
      access: { power: 'callStatistics' },
      body: callSummaryBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [
          await callSummaryService.summary(
            session.scope,
            body,
            (ctx.state.request as RequestState).zoneOffsetMinutes,
          ),
        ],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/callStatistics/search',
      summary:
        'Paged call records of the caller’s scope: time range, site subtree, phone keywords, quality, sort',
      access: { power: 'callStatistics' },
      body: callSearchBody,
      handler: async ({ body, session }) => ({ rows: [await callRecordService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/callStatistics/export',
      summary:
        'The call records for the same filters and order as /callStatistics/search, as xlsx (at most 100,000)',
      access: { power: 'callStatistics', button: 'export' },
      body: callExportBody,
      handler: async ({ body, session, ctx }) =>
        sendXlsx(
          ctx,
          'calls.xlsx',
          await callRecordService.export(session.scope, body, (ctx.state.request as RequestState).language),
        ),
    }),
  ];
}
