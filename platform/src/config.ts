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
}

export type ConsoleOptions = Partial<ConsoleConfig>;

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
    dataDir: path.resolve(options.dataDir ?? env.PHONEFLEET_DATA_DIR ?? path.join(projectRoot, '.data')),
    publicUrl: options.publicUrl ?? (env.PUBLIC_URL || undefined),
    deployment,
    adminPassword: options.adminPassword ?? (env.ADMIN_PASSWORD || undefined),
    extraPluginsDir: options.extraPluginsDir ?? (env.PHONEFLEET_PLUGINS_DIR || undefined),
    extraDriversDir: options.extraDriversDir ?? (env.PHONEFLEET_DRIVERS_DIR || undefined),
    sessionIdleMinutes: options.sessionIdleMinutes ?? numberFrom(env.SESSION_IDLE_MINUTES, 120),
    logLevel: options.logLevel ?? env.LOG_LEVEL ?? 'info',
    trustProxy: options.trustProxy ?? env.TRUST_PROXY === 'true',
    captchaFixedCode: options.captchaFixedCode,
  };
}
