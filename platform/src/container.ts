import {
  type AwilixContainer,
  asFunction,
  asValue,
  createContainer,
  InjectionMode,
  type Resolver,
} from 'awilix';
import type { Logger } from 'pino';
import type { ConsoleConfig } from './config.js';
import type { Database } from './db/database.js';
import { AccessService } from './modules/access/access-service.js';
import { AuthService } from './modules/auth/auth-service.js';
import { CaptchaService } from './modules/auth/captcha-service.js';
import { ConfigurationService } from './modules/configuration/configuration-service.js';
import { DeviceEventService } from './modules/device-events/device-event-service.js';
import { DeviceImportService } from './modules/device-import/device-import-service.js';
import { DeviceInventoryService } from './modules/devices/device-inventory-service.js';
import { DeviceService } from './modules/devices/device-service.js';
import type { DriverRegistry } from './modules/extensions/driver-registry.js';
import type { PluginRegistry } from './modules/extensions/plugin-registry.js';
import { GroupService } from './modules/groups/group-service.js';
import { HomeService } from './modules/home/home-service.js';
import { MacFileService } from './modules/mac-files/mac-file-service.js';
import { ModelTemplateService } from './modules/model-templates/model-template-service.js';
import { ProvisioningService } from './modules/provisioning/provisioning-service.js';
import { ScanService } from './modules/scan/scan-service.js';
import { SiteService } from './modules/sites/site-service.js';
import { HealthService } from './modules/system/health-service.js';
import { TaskEngine } from './modules/tasks/task-engine.js';
import { TaskService } from './modules/tasks/task-service.js';

/** Everything the container holds. A service names its dependencies as a subset of this type. */
export interface Cradle {
  config: ConsoleConfig;
  logger: Logger;
  db: Database;
  driverRegistry: DriverRegistry;
  pluginRegistry: PluginRegistry;
  captchaService: CaptchaService;
  accessService: AccessService;
  authService: AuthService;
  homeService: HomeService;
  configurationService: ConfigurationService;
  provisioningService: ProvisioningService;
  deviceEventService: DeviceEventService;
  scanService: ScanService;
  deviceService: DeviceService;
  deviceInventoryService: DeviceInventoryService;
  deviceImportService: DeviceImportService;
  healthService: HealthService;
  siteService: SiteService;
  modelTemplateService: ModelTemplateService;
  groupService: GroupService;
  macFileService: MacFileService;
  taskService: TaskService;
  taskEngine: TaskEngine;
}

type Registrations = { [K in keyof Cradle]: Resolver<Cradle[K]> };

/** Built once at boot. Factories take the typed cradle, so a misspelt dependency fails to compile. */
export function buildContainer(
  boot: Pick<Cradle, 'config' | 'logger' | 'db' | 'driverRegistry' | 'pluginRegistry'>,
): AwilixContainer<Cradle> {
  const container = createContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  const registrations: Registrations = {
    config: asValue(boot.config),
    logger: asValue(boot.logger),
    db: asValue(boot.db),
    driverRegistry: asValue(boot.driverRegistry),
    pluginRegistry: asValue(boot.pluginRegistry),
    captchaService: asFunction((cradle: Cradle) => new CaptchaService(cradle)).singleton(),
    accessService: asFunction((cradle: Cradle) => new AccessService(cradle)).singleton(),
    authService: asFunction((cradle: Cradle) => new AuthService(cradle)).singleton(),
    homeService: asFunction((cradle: Cradle) => new HomeService(cradle)).singleton(),
    healthService: asFunction((cradle: Cradle) => new HealthService(cradle)).singleton(),
    configurationService: asFunction((cradle: Cradle) => new ConfigurationService(cradle)).singleton(),
    deviceService: asFunction((cradle: Cradle) => new DeviceService(cradle)).singleton(),
    siteService: asFunction((cradle: Cradle) => new SiteService(cradle)).singleton(),
    modelTemplateService: asFunction((cradle: Cradle) => new ModelTemplateService(cradle)).singleton(),
    groupService: asFunction((cradle: Cradle) => new GroupService(cradle)).singleton(),
    macFileService: asFunction((cradle: Cradle) => new MacFileService(cradle)).singleton(),
    deviceInventoryService: asFunction((cradle: Cradle) => new DeviceInventoryService(cradle)).singleton(),
    deviceImportService: asFunction((cradle: Cradle) => new DeviceImportService(cradle)).singleton(),
    provisioningService: asFunction((cradle: Cradle) => new ProvisioningService(cradle))
      .singleton()
      .disposer((service) => service.dispose()),
    deviceEventService: asFunction((cradle: Cradle) => new DeviceEventService(cradle))
      .singleton()
      .disposer((service) => service.dispose()),
    scanService: asFunction((cradle: Cradle) => new ScanService(cradle))
      .singleton()
      .disposer((service) => service.dispose()),
    taskService: asFunction((cradle: Cradle) => new TaskService(cradle)).singleton(),
    taskEngine: asFunction((cradle: Cradle) => new TaskEngine(cradle))
      .singleton()
      .disposer((engine) => engine.dispose()),
  };
  container.register(registrations);
  // Resolve everything now: a broken registration fails the boot, never a request.
  for (const name of Object.keys(registrations) as (keyof Cradle)[]) container.resolve(name);
  return container;
}
