import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ConsoleConfig {
  /** HTTP port; 0 picks a free one. */
  port: number;
  host: string;
  /** Any PostgreSQL 14+; when absent an embedded server runs in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** URL users and phones reach the console at; defaults to http://localhost:<port>. */
  publicUrl: string | undefined;
  deployment: 'lan' | 'cloud';
  /** Initial administrator password; generated and printed once when absent. */
  adminPassword: string | undefined;
  extraPluginsDir: string | undefined;
  extraDriversDir: string | undefined;
  sessionIdleMinutes: number;
  logLevel: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Test-only: every captcha answer is this code. Never set by default. */
  captchaFixedCode: string | undefined;
  /** UDP address and port the task engine sends SIP NOTIFY from; port 0 picks a free one. */
  sipAddress: string;
  sipPort: number;
  /**
   * True when SIP_PORT (or the option) chose the port: a taken port then fails the boot. The
   * default 5060, when taken, gives way to a free port (phones answer to the NOTIFY's source).
   */
  sipPortExplicit: boolean;
  /** A device not heard from (no fetch, no action URL event) for this long becomes offline. */
  deviceOfflineSeconds: number;
  push: PushSettings;
  /** First wait before an email the SMTP server did not take is tried again; doubles, at most 15 min. */
  mailRetryMs: number;
  /** When alarm digests go out (node-cron syntax, server time): daily strategies every day, weekly ones on Mondays. */
  alarmDigestCron: string;
  /** Bearer token `GET /metrics` requires (METRICS_TOKEN); unset, the metrics are off (docs/metrics.md). */
  metricsToken: string | undefined;
  /** The header's documents link (DOCS_URL): the user documentation of this installation. */
  documentsUrl: string | undefined;
  /** SIP plug-and-play on the LAN (docs/zero-touch.md); off unless PNP_ENABLE=1. */
  pnp: PnpSettings;
}

/** The ua-profile responder (docs/zero-touch.md). */
export interface PnpSettings {
  enabled: boolean;
  /** Group joined (224.0.1.75); empty listens for unicast SUBSCRIBEs only. */
  group: string;
  /** Address and port the responder listens on when it does not share the task engine's socket. */
  address: string;
  port: number;
  /** Interface address the group is joined on; empty lets the system pick. */
  interfaceAddress: string;
  /** URL given to phones in a device list: PNP_URL, else `<PUBLIC_URL>/prov/`. */
  url: string | undefined;
  /** URL given to phones no device list holds (PNP_DEFAULT_URL); unset, they get no answer. */
  defaultUrl: string | undefined;
}

/** How the task engine notifies phones (docs/tasks.md). */
export interface PushSettings {
  /** NOTIFYs in flight per instance. */
  concurrency: number;
  /** NOTIFY transactions per device and run before the result is failed. */
  attempts: number;
  /** Wait before the second attempt; doubles for each further one. */
  retryDelayMs: number;
  /** After a NOTIFY 200, how long the phone has to fetch its configuration before the result is timeout. */
  confirmTimeoutMs: number;
  /**
   * After a firmware upgrade's NOTIFY 200, how long the phone has to download the image, restart and
   * report the new version before the result is failed or timeout (docs/firmware.md "Upgrade").
   */
  upgradeConfirmMs: number;
  /** SIP T1; a NOTIFY without any answer fails after 64*T1. */
  sipT1Ms: number;
  /** How often each instance looks for due tasks, results to settle and runs that ended. */
  tickMs: number;
}

export type ConsoleOptions = Partial<Omit<ConsoleConfig, 'push' | 'pnp'>> & {
  push?: Partial<PushSettings>;
  pnp?: Partial<PnpSettings>;
};

function numberFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Invalid number in environment: ${value}`);
  return parsed;
}

/** Environment variables (documented in the README) with explicit options taking precedence. */
export function loadConfig(
  options: ConsoleOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ConsoleConfig {
  const deployment = options.deployment ?? env.DEPLOYMENT ?? 'lan';
  if (deployment !== 'lan' && deployment !== 'cloud') {
    throw new Error(`DEPLOYMENT must be lan or cloud, got ${deployment}`);
  }
  return {
    port: options.port ?? numberFrom(env.PORT, 8080),
    host: options.host ?? env.HOST ?? '0.0.0.0',
    databaseUrl: options.databaseUrl ?? (env.DATABASE_URL || undefined),
    dataDir: path.resolve(options.dataDir ?? (env.PHONEFLEET_DATA_DIR || path.join(projectRoot, '.data'))),
    publicUrl: options.publicUrl ?? (env.PUBLIC_URL || undefined),
    deployment,
    adminPassword: options.adminPassword ?? (env.ADMIN_PASSWORD || undefined),
    extraPluginsDir: options.extraPluginsDir ?? (env.PHONEFLEET_PLUGINS_DIR || undefined),
    extraDriversDir: options.extraDriversDir ?? (env.PHONEFLEET_DRIVERS_DIR || undefined),
    sessionIdleMinutes: options.sessionIdleMinutes ?? numberFrom(env.SESSION_IDLE_MINUTES, 120),
    logLevel: options.logLevel ?? env.LOG_LEVEL ?? 'info',
    trustProxy: options.trustProxy ?? env.TRUST_PROXY === 'true',
    captchaFixedCode: options.captchaFixedCode,
    sipAddress: options.sipAddress ?? env.SIP_ADDRESS ?? '0.0.0.0',
    sipPort: options.sipPort ?? numberFrom(env.SIP_PORT, 5060),
    sipPortExplicit: options.sipPortExplicit ?? (options.sipPort !== undefined || Boolean(env.SIP_PORT)),
    deviceOfflineSeconds: options.deviceOfflineSeconds ?? numberFrom(env.DEVICE_OFFLINE_SECONDS, 90_000),
    mailRetryMs: options.mailRetryMs ?? 30_000,
    alarmDigestCron: options.alarmDigestCron ?? (env.ALARM_DIGEST_CRON || '0 8 * * *'),
    metricsToken: options.metricsToken ?? (env.METRICS_TOKEN || undefined),
    documentsUrl: options.documentsUrl ?? (env.DOCS_URL || undefined),
    push: {
      concurrency: numberFrom(env.PUSH_CONCURRENCY, 2000),
      attempts: numberFrom(env.PUSH_ATTEMPTS, 3),
      retryDelayMs: 5000,
      confirmTimeoutMs: numberFrom(env.PUSH_CONFIRM_SECONDS, 120) * 1000,
      upgradeConfirmMs: numberFrom(env.UPGRADE_CONFIRM_SECONDS, 1800) * 1000,
      sipT1Ms: 500,
      tickMs: 1000,
      ...options.push,
    },
    pnp: pnpSettings(options, env),
  };
}

function pnpSettings(options: ConsoleOptions, env: NodeJS.ProcessEnv): PnpSettings {
  const publicUrl = options.publicUrl ?? (env.PUBLIC_URL || undefined);
  return {
    enabled: env.PNP_ENABLE === '1' || env.PNP_ENABLE === 'true',
    group: env.PNP_GROUP ?? '224.0.1.75',
    address: env.PNP_ADDRESS || '0.0.0.0',
    port: numberFrom(env.PNP_PORT, 5060),
    interfaceAddress: env.PNP_INTERFACE ?? '',
    url: env.PNP_URL || (publicUrl ? `${publicUrl.replace(/\/$/, '')}/prov/` : undefined),
    defaultUrl: env.PNP_DEFAULT_URL || undefined,
    ...options.pnp,
  };
}
