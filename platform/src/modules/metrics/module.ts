import { defineModule, service } from '../../module.js';
import { MetricsService } from './metrics-service.js';

export const metricsModule = defineModule({
  id: 'metrics',
  services: { metricsService: service(MetricsService) },
  attach: ({ metricsService }: { metricsService: MetricsService }) => metricsService.attachment(),
});
