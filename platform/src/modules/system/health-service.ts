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

/** Probes hit this often; one report (and its database round trip) serves the probes of one second. */
const REPORT_TTL_MS = 1000;

export class HealthService {
  private readonly db: Database;
  private readonly pluginRegistry: PluginRegistry;
  private readonly driverRegistry: DriverRegistry;
  private last: { at: number; report: Promise<HealthReport> } | undefined;
  private lastReply: { report: HealthReport; reply: { rows: HealthReport[] } } | undefined;

  constructor(deps: { db: Database; pluginRegistry: PluginRegistry; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.pluginRegistry = deps.pluginRegistry;
    this.driverRegistry = deps.driverRegistry;
  }

  report(): Promise<HealthReport> {
    const now = Date.now();
    if (!this.last || now - this.last.at > REPORT_TTL_MS) this.last = { at: now, report: this.build() };
    return this.last.report;
  }

  /** The API's answer for a report: one frozen object per report, so it is encoded once (server.ts). */
  replyOf(report: HealthReport): { rows: HealthReport[] } {
    if (this.lastReply?.report !== report)
      this.lastReply = { report, reply: Object.freeze({ rows: [report] }) };
    return this.lastReply.reply;
  }

  private async build(): Promise<HealthReport> {
    const database = await this.db
      .query('SELECT 1 AS ok')
      .then(() => ({ ok: true }))
      .catch((error: Error) => ({ ok: false, error: error.message }));
    const failed = [
      ...this.pluginRegistry.failed.map((f) => ({
        kind: 'plugin' as const,
        package: f.package,
        reason: f.reason,
      })),
      ...this.driverRegistry.failed.map((f) => ({
        kind: 'driver' as const,
        package: f.package,
        reason: f.reason,
      })),
    ];
    return {
      status: !database.ok ? 'down' : failed.length ? 'degraded' : 'ok',
      database,
      plugins: this.pluginRegistry.loaded.map((p) => ({
        id: p.manifest.id,
        package: p.package,
        status: 'loaded',
      })),
      drivers: this.driverRegistry.loaded.map((d) => ({
        id: d.driver.id,
        package: d.package,
        status: 'loaded',
        models: d.driver.models.map((m) => m.id),
      })),
      failed,
    };
  }
}
