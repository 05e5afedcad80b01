import { defineModule, service } from '../../module.js';
import type { LiveService } from '../live/live-service.js';
import { DiagnosticDevices } from './diagnostic-devices.js';
import { DiagnosticsService } from './diagnostics-service.js';
import { diagnostics } from './migrations/0033-diagnostics.js';
import { diagnosticsRoutes } from './routes.js';

/** Diagnostics over SSH streamed live: log and trace captures, screenshots, ping, traceroute (docs/diagnostics.md). */
export const diagnosticsModule = defineModule({
  id: 'diagnostics',
  services: {
    diagnosticDevices: service(DiagnosticDevices),
    diagnosticsService: service(DiagnosticsService, { dispose: (diagnostics) => diagnostics.close() }),
  },
  routes: diagnosticsRoutes,
  attach: ({
    diagnosticsService,
    liveService,
  }: {
    diagnosticsService: DiagnosticsService;
    liveService: LiveService;
  }) => ({
    attach: () => diagnosticsService.attach(liveService),
    close: () => diagnosticsService.close(),
  }),
  jobs: ({ diagnosticsService }: { diagnosticsService: DiagnosticsService }) => [
    { name: 'diagnostics-sweep', everyMs: 30_000, run: () => diagnosticsService.sweep() },
  ],
  migrations: [diagnostics],
  backup: { devices: ['device_ssh'], logs: ['diagnostic_sessions'] },
});
