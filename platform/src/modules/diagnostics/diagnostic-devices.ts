import {
  type DiagnosticDeviceRow,
  type DiagnosticDeviceSettings,
  diagnosticsFor,
  type Language,
  type ModelDiagnostics,
  macWithColons,
} from '@phonefleet/sdk';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { ConfigurationService } from '../configuration/configuration-service.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import { configMasker } from './config-masking.js';
import type { PhoneSshTarget } from './phone-ssh-client.js';
import type { credentialsBody, devicesBody } from './schemas.js';

/** The configuration parameter holding the phone's administrator password (catalogue: maintenance.changePassword). */
export const ADMIN_PASSWORD_PATH = 'maintenance.changePassword.AdminPassword';

interface DeviceSshRow {
  id: string;
  org_id: string;
  mac: string;
  device_name: string;
  model: string;
  ip: string | null;
  status: number;
  site_name: string;
  port: number | null;
  username: string | null;
  password: string | null;
  host_key: string | null;
}

const DEVICE_COLUMNS = `d.id, d.org_id, d.mac, d.device_name, d.model, host(d.last_fetch_ip) AS ip, d.status,
  s.name AS site_name, k.port, k.username, k.password, k.host_key`;
const DEVICE_FROM = `devices d JOIN sites s ON s.id = d.site_id LEFT JOIN device_ssh k ON k.device_id = d.id`;

/** A device the caller may diagnose, with what reaching it takes (docs/diagnostics.md). */
export interface DiagnosableDevice {
  row: DeviceSshRow;
  diagnostics: ModelDiagnostics;
}

/** The device picker, the per-device SSH settings, and where a session's credentials come from. */
export class DiagnosticDevices {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;
  private readonly configurationService: ConfigurationService;

  constructor(deps: {
    db: Database;
    driverRegistry: DriverRegistry;
    configurationService: ConfigurationService;
  }) {
    this.db = deps.db;
    this.driverRegistry = deps.driverRegistry;
    this.configurationService = deps.configurationService;
  }

  diagnosticsOf(model: string): ModelDiagnostics {
    const found = this.driverRegistry.model(model);
    return found ? diagnosticsFor(found.driver, found.model.id) : diagnosticsFor({ models: [] }, model);
  }

  /** Masks the passwords in a config export of this model (undefined: a model no driver serves). */
  configMasker(model: string): ((text: string) => string) | undefined {
    const found = this.driverRegistry.model(model);
    return found ? configMasker(found.driver, found.model) : undefined;
  }

  async search(
    scope: TenantScope,
    search: z.output<typeof devicesBody>,
    language: Language,
  ): Promise<{ list: DiagnosticDeviceRow[]; total: number }> {
    const keyword = search.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const macKeyword = search.keyword.toLowerCase().replace(/[^0-9a-f]/g, '');
    const rows = await scope.query<DeviceSshRow & { total: string }>(
      this.db,
      `SELECT ${DEVICE_COLUMNS}, count(*) OVER () AS total FROM ${DEVICE_FROM}
        WHERE {devices:d} AND ($1 = '' OR d.search_text LIKE '%' || $1 || '%' OR ($2 <> '' AND d.mac LIKE '%' || $2 || '%'))
        ORDER BY d.device_name, d.mac LIMIT $3 OFFSET $4`,
      [
        keyword,
        macKeyword.length >= 2 ? macKeyword : '',
        search.pageSize,
        (search.currentPage - 1) * search.pageSize,
      ],
    );
    return {
      list: rows.map((row) => this.describe(row, language)),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  async settings(
    scope: TenantScope,
    deviceId: number,
    language: Language,
  ): Promise<DiagnosticDeviceSettings> {
    const { row } = await this.find(scope, deviceId);
    const configured = row.password ? undefined : await this.configuredPassword(scope, deviceId);
    return {
      ...this.describe(row, language),
      port: row.port ?? 22,
      username: row.username ?? 'admin',
      credentials: row.password ? 'device' : configured ? 'configuration' : 'none',
      hostKey: row.host_key,
    };
  }

  async setCredentials(scope: TenantScope, body: z.output<typeof credentialsBody>): Promise<void> {
    await this.find(scope, body.deviceId);
    const password = body.clearPassword ? null : body.password ? body.password : undefined;
    await this.db.execute(
      `INSERT INTO device_ssh (device_id, port, username, password)
       VALUES ($1, coalesce($2, 22), coalesce($3, 'admin'), $4)
       ON CONFLICT (device_id) DO UPDATE SET
         port = coalesce($2, device_ssh.port),
         username = coalesce($3, device_ssh.username),
         password = CASE WHEN $5 THEN EXCLUDED.password ELSE device_ssh.password END,
         host_key = CASE WHEN $6 THEN NULL ELSE device_ssh.host_key END`,
      [
        body.deviceId,
        body.port ?? null,
        body.username ?? null,
        password ?? null,
        password !== undefined,
        body.forgetHostKey ?? false,
      ],
    );
  }

  /** The device in the caller's scope; "not found" otherwise (never revealing that it exists). */
  async find(scope: TenantScope, deviceId: number): Promise<DiagnosableDevice> {
    const [row] = await scope.query<DeviceSshRow>(
      this.db,
      `SELECT ${DEVICE_COLUMNS} FROM ${DEVICE_FROM} WHERE d.id = $1 AND {devices:d}`,
      [deviceId],
    );
    if (!row) throw AppError.notFound();
    return { row, diagnostics: this.diagnosticsOf(row.model) };
  }

  /** Where SSH goes and with what: the device's own password, else its configuration's administrator password. */
  async target(scope: TenantScope, device: DiagnosableDevice): Promise<PhoneSshTarget> {
    const { row } = device;
    if (!row.ip) throw AppError.invalid('diagnosticsNoAddress');
    const password = row.password ?? (await this.configuredPassword(scope, Number(row.id)));
    if (!password) throw AppError.invalid('diagnosticsNoCredentials');
    return {
      host: row.ip,
      port: row.port ?? 22,
      username: row.username ?? 'admin',
      password,
      pinnedKey: row.host_key,
    };
  }

  /** Pins the key a phone showed at its first connection (a key pinned meanwhile stays). */
  async pinHostKey(deviceId: number, hostKey: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO device_ssh (device_id, host_key) VALUES ($1, $2)
       ON CONFLICT (device_id) DO UPDATE SET host_key = coalesce(device_ssh.host_key, EXCLUDED.host_key)`,
      [deviceId, hostKey],
    );
  }

  private async configuredPassword(scope: TenantScope, deviceId: number): Promise<string | undefined> {
    const values = await this.configurationService.effective(scope, deviceId);
    const value = values.find((each) => each.path === ADMIN_PASSWORD_PATH)?.value;
    return value ? value : undefined;
  }

  private describe(row: DeviceSshRow, language: Language): DiagnosticDeviceRow {
    const diagnostics = this.diagnosticsOf(row.model);
    return {
      deviceId: Number(row.id),
      deviceName: row.device_name,
      macAddress: macWithColons(row.mac),
      model: row.model,
      ip: row.ip ?? '',
      status: row.status,
      siteName: row.site_name,
      supported: diagnostics.supported,
      reason: diagnostics.supported ? '' : diagnostics.reason[language === 'zh-CN' ? 'zh-CN' : 'en'],
    };
  }
}
