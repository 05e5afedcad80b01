import { defineModule, service } from '../../module.js';
import { AlarmNotifier } from './alarm-notifier.js';
import { AlarmService } from './alarm-service.js';
import { alarms } from './migrations/0030-alarms.js';
import { alarmStrategies } from './migrations/0031-alarm-strategies.js';
import { alarmRoutes } from './routes.js';
import { StrategyService } from './strategy-service.js';

/** Alarms raised from device events, task results and calls, and the strategies that tell people (docs/alarms.md). */
export const alarmsModule = defineModule({
  id: 'alarms',
  services: {
    alarmService: service(AlarmService),
    strategyService: service(StrategyService),
    alarmNotifier: service(AlarmNotifier, {
      start: (notifier) => notifier.start(),
      dispose: (notifier) => notifier.dispose(),
    }),
  },
  routes: alarmRoutes,
  jobs: ({ alarmNotifier }: { alarmNotifier: AlarmNotifier }) => [
    { name: 'alarm-delivery', everyMs: 1000, run: async () => void (await alarmNotifier.pass()) },
  ],
  migrations: [alarms, alarmStrategies],
  backup: { logs: ['alarms'] },
});
