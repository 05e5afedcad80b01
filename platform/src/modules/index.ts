import type { BootCradleOf, CradleOf, UnmetModules } from '../module.js';
import { accessModule } from './access/module.js';
import { alarmsModule } from './alarms/module.js';
import { apiServiceModule } from './api-service/module.js';
import { authModule } from './auth/module.js';
import { backupModule } from './backup/module.js';
import { callsModule } from './calls/module.js';
import { configurationModule } from './configuration/module.js';
import { deviceDownloadsModule } from './device-downloads/module.js';
import { deviceEventsModule } from './device-events/module.js';
import { deviceGateModule } from './device-gate/module.js';
import { deviceImportModule } from './device-import/module.js';
import { devicesModule } from './devices/module.js';
import { diagnosticsModule } from './diagnostics/module.js';
import { extensionsModule } from './extensions/module.js';
import { feedbackModule } from './feedback/module.js';
import { filesModule } from './files/module.js';
import { firmwareModule } from './firmware/module.js';
import { groupsModule } from './groups/module.js';
import { homeModule } from './home/module.js';
import { httpsModule } from './https/module.js';
import { liveModule } from './live/module.js';
import { macFilesModule } from './mac-files/module.js';
import { mailModule } from './mail/module.js';
import { messagesModule } from './messages/module.js';
import { metricsModule } from './metrics/module.js';
import { modelTemplatesModule } from './model-templates/module.js';
import { operationLogModule } from './operation-log/module.js';
import { organisationsModule } from './organisations/module.js';
import { pnpModule } from './pnp/module.js';
import { provisioningModule } from './provisioning/module.js';
import { resourcesModule } from './resources/module.js';
import { scanModule } from './scan/module.js';
import { sipModule } from './sip/module.js';
import { sitesModule } from './sites/module.js';
import { systemModule } from './system/module.js';
import { tasksModule } from './tasks/module.js';
import { tenancyModule } from './tenancy/module.js';
import { timeZonesModule } from './time-zones/module.js';
import { unknownDevicesModule } from './unknown-devices/module.js';
import { upgradeModule } from './upgrade/module.js';
import { usersModule } from './users/module.js';

/**
 * Every area of the platform: adding one is one line here. The order is the order of the OpenAPI
 * document and of the seeds (the tenant root before what belongs to it).
 */
export const modules = [
  systemModule,
  tenancyModule,
  timeZonesModule,
  accessModule,
  mailModule,
  authModule,
  liveModule,
  extensionsModule,
  filesModule,
  homeModule,
  configurationModule,
  provisioningModule,
  deviceGateModule,
  devicesModule,
  deviceEventsModule,
  callsModule,
  scanModule,
  sitesModule,
  modelTemplatesModule,
  groupsModule,
  macFilesModule,
  sipModule,
  firmwareModule,
  resourcesModule,
  deviceDownloadsModule,
  deviceImportModule,
  unknownDevicesModule,
  tasksModule,
  messagesModule,
  alarmsModule,
  diagnosticsModule,
  usersModule,
  organisationsModule,
  backupModule,
  upgradeModule,
  apiServiceModule,
  operationLogModule,
  httpsModule,
  metricsModule,
  feedbackModule,
  pnpModule,
] as const;

export type Modules = typeof modules;
export type Cradle = CradleOf<Modules>;

// Compile-time wiring check: names the module whose services, routes, jobs or seed ask for
// something no module provides (or provides with another type).
const everyNeedIsMet: [UnmetModules<Modules, Cradle, BootCradleOf<Modules>>] extends [never]
  ? true
  : UnmetModules<Modules, Cradle, BootCradleOf<Modules>> = true;
void everyNeedIsMet;
