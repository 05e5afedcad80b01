import { defineModule, service } from '../../module.js';
import { CallRecordService } from './call-record-service.js';
import { CallSummaryService } from './call-summary-service.js';
import { callRollups } from './migrations/0032-call-rollups.js';
import { callRoutes } from './routes.js';

export const callsModule = defineModule({
  id: 'calls',
  services: {
    callSummaryService: service(CallSummaryService),
    callRecordService: service(CallRecordService),
  },
  routes: callRoutes,
  migrations: [callRollups],
  backup: { logs: ['call_records', 'call_site_hours', 'call_device_hours', 'call_device_days'] },
});
