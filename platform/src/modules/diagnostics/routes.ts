import { Readable } from 'node:stream';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { DiagnosticDevices } from './diagnostic-devices.js';
import type { DiagnosticsService } from './diagnostics-service.js';
import {
  credentialsBody,
  deviceIdQuery,
  devicesBody,
  downloadQuery,
  sessionIdBody,
  sessionIdQuery,
  sessionsBody,
  startBody,
} from './schemas.js';

const access = { power: 'diagnostics' } as const;

export function diagnosticsRoutes({
  diagnosticsService,
  diagnosticDevices,
}: {
  diagnosticsService: DiagnosticsService;
  diagnosticDevices: DiagnosticDevices;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/diagnostics/devices',
      summary: 'Devices the caller may diagnose, with whether their driver declares diagnostics',
      access,
      body: devicesBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [
          await diagnosticDevices.search(session.scope, body, (ctx.state.request as RequestState).language),
        ],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/diagnostics/device',
      summary:
        'One device’s SSH settings: port, user name, where the password comes from, the pinned host key',
      access,
      query: deviceIdQuery,
      handler: async ({ query, session, ctx }) => ({
        rows: [
          await diagnosticDevices.settings(
            session.scope,
            query.deviceId,
            (ctx.state.request as RequestState).language,
          ),
        ],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/diagnostics/credentials',
      summary: 'Set a device’s SSH port, user name and password (write-only), or forget its pinned host key',
      access,
      body: credentialsBody,
      handler: async ({ body, session }) => {
        await diagnosticDevices.setCredentials(session.scope, body);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/diagnostics/start',
      summary:
        'Start a diagnostic on a phone over SSH (capture log or trace, screenshot, ping, traceroute, system log, config); watch it on the /diagnostics live namespace',
      access,
      body: startBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await diagnosticsService.start(session, body, (ctx.state.request as RequestState).language)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/diagnostics/stop',
      summary: 'Stop a running diagnostic; what it captured stays downloadable',
      access,
      body: sessionIdBody,
      handler: async ({ body, session }) => {
        await diagnosticsService.stop(session.scope, body.sessionId);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/diagnostics/sessions',
      summary: 'Diagnostic sessions, newest first (optionally of one device)',
      access,
      body: sessionsBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [
          await diagnosticsService.sessions(
            session.scope,
            body,
            (ctx.state.request as RequestState).language,
          ),
        ],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/diagnostics/session',
      summary: 'One diagnostic session',
      access,
      query: sessionIdQuery,
      handler: async ({ query, session, ctx }) => ({
        rows: [
          await diagnosticsService.session(
            session.scope,
            query.sessionId,
            (ctx.state.request as RequestState).language,
          ),
        ],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/diagnostics/download',
      summary: 'A session’s output so far: pcap for traces, PNG for screens, text for the others',
      access,
      query: downloadQuery,
      handler: async ({ query, session, ctx }) => {
        const file = await diagnosticsService.download(session.scope, query.sessionId);
        const inline = query.inline === '1' && file.contentType === 'image/png';
        ctx.set('Content-Type', file.contentType);
        ctx.set('Content-Length', String(file.size));
        ctx.set('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`);
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = Readable.from(file.body);
        return { raw: true };
      },
    }),
  ];
}
