import type { Database } from '../../db/database.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { PluginRegistry } from '../extensions/plugin-registry.js';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  database: { ok: boolean; error?: string };
  plugins: { id: string; package: string; status: 'loaded' }[];
  drivers: { id: string; package: string; status: 'loaded'; models: string[] }[];
  failed: { kind: 'plugin' | 'driver'; package: string; reason: string }[];
}

/** Probes hit this often; the database round trip is shared by the probes of one second. */
const DATABASE_CHECK_TTL_MS = 1000;

export class HealthService {
  private readonly db: Database;
  private readonly pluginRegistry: PluginRegistry;
  private readonly driverRegistry: DriverRegistry;
  private lastCheck: { at: number; result: Promise<HealthReport['database']> } | undefined;

  constructor(deps: { db: Database; pluginRegistry: PluginRegistry; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.pluginRegistry = deps.pluginRegistry;
    this.driverRegistry = deps.driverRegistry;
  }

  async report(): Promise<HealthReport> {
    const database = await this.checkDatabase();
    const failed = [
      ...this.pluginRegistry.failed.map((f) => ({ kind: 'plugin' as const, package: f.package, reason: f.reason })),
      ...this.driverRegistry.failed.map((f) => ({ kind: 'driver' as const, package: f.package, reason: f.reason })),
    ];
    return {
      status: !database.ok ? 'down' : failed.length ? 'degraded' : 'ok',
      database,
      plugins: this.pluginRegistry.loaded.map((p) => ({ id: p.manifest.id, package: p.package, status: 'loaded' })),
      drivers: this.driverRegistry.loaded.map((d) => ({
        id: d.driver.id,
        package: d.package,
        status: 'loaded',
        models: d.driver.models.map((m) => m.id),
      })),
      failed,
    };
  }

  private checkDatabase(): Promise<HealthReport['database']> {
    const now = Date.now();
    if (!this.lastCheck || now - this.lastCheck.at > DATABASE_CHECK_TTL_MS) {
      this.lastCheck = {
        at: now,
        result: this.db
          .query('SELECT 1 AS ok')
          .then(() => ({ ok: true }))
          .catch((error: Error) => ({ ok: false, error: error.message })),
      };
    }
    return this.lastCheck.result;
  }
}
