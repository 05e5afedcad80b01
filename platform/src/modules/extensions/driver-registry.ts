import path from 'node:path';
import {
  type DeviceIdentity,
  type DriverManifest,
  type DriverModel,
  identifyPhone,
  parseDriver,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import { type ConsoleConfig, projectRoot } from '../../config.js';
import { discoverPackages, importDefault, type LoadFailure } from './discover.js';

export interface LoadedDriver {
  package: string;
  driver: DriverManifest;
}

/** Drivers found in `drivers/` (and PHONEFLEET_DRIVERS_DIR) at boot, validated with the sdk contract. */
export class DriverRegistry {
  readonly loaded: LoadedDriver[] = [];
  readonly failed: LoadFailure[] = [];
  private readonly byModel = new Map<string, { driver: DriverManifest; model: DriverModel }>();

  static async load(config: ConsoleConfig, logger: Logger): Promise<DriverRegistry> {
    const registry = new DriverRegistry();
    const folders = [
      path.join(projectRoot, 'drivers'),
      ...(config.extraDriversDir ? [config.extraDriversDir] : []),
    ];
    const { found, failed } = discoverPackages(folders, 'driver');
    registry.failed.push(...failed);
    for (const pkg of found) {
      try {
        const driver = parseDriver(pkg.name, await importDefault(pkg.entry));
        for (const model of driver.models) {
          const key = model.id.toUpperCase();
          const owner = registry.byModel.get(key);
          if (owner) throw new Error(`model ${model.id} is already provided by driver ${owner.driver.id}`);
        }
        for (const model of driver.models) registry.byModel.set(model.id.toUpperCase(), { driver, model });
        registry.loaded.push({ package: pkg.name, driver });
      } catch (error) {
        registry.failed.push({ package: pkg.name, dir: pkg.dir, reason: (error as Error).message });
      }
    }
    for (const failure of registry.failed) logger.error(failure, 'driver failed to load');
    logger.info({ drivers: registry.loaded.map((entry) => entry.driver.id) }, 'drivers loaded');
    return registry;
  }

  models(): { driver: DriverManifest; model: DriverModel }[] {
    return [...this.byModel.values()];
  }

  model(id: string): { driver: DriverManifest; model: DriverModel } | undefined {
    return this.byModel.get(id.toUpperCase());
  }

  /** The phone a User-Agent names, by the sdk's precedence when several drivers claim it. */
  identify(userAgent: string): { driver: DriverManifest; identity: DeviceIdentity } | undefined {
    return identifyPhone(
      this.loaded.map((entry) => entry.driver),
      userAgent,
    );
  }
}
