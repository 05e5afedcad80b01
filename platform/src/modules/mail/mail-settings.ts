import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';

/** The email server settings (spec §3 "Email server"), as stored. */
export interface MailSettings {
  enabled: boolean;
  server: string;
  port: number;
  userName: string;
  password: string;
  tls: boolean;
}

/** What the browser sees: the password is write-only, so only whether one is stored. */
export interface MailSettingsView {
  isFlag: boolean;
  mailServer: string;
  mailPort: number;
  mailUser: string;
  mailPassSet: boolean;
  isTls: boolean;
  /** Messages waiting in the outbox, and why the last try of the oldest failed. */
  queued: number;
  lastError: string | null;
}

export const DEFAULT_SETTINGS: MailSettings = {
  enabled: false,
  server: '',
  port: 587,
  userName: '',
  password: '',
  tls: true,
};

interface SettingsRow {
  enabled: boolean;
  server: string;
  port: number;
  user_name: string;
  password: string;
  tls: boolean;
}

export async function readSettings(db: Database): Promise<MailSettings> {
  const row = await db.one<SettingsRow>(
    'SELECT enabled, server, port, user_name, password, tls FROM mail_settings WHERE id = 1',
  );
  if (!row) return DEFAULT_SETTINGS;
  return {
    enabled: row.enabled,
    server: row.server,
    port: row.port,
    userName: row.user_name,
    password: row.password,
    tls: row.tls,
  };
}

/** Saves the settings; an empty password keeps the stored one (the field is write-only). */
export async function saveSettings(
  db: Database,
  settings: Omit<MailSettings, 'password'> & { password: string | undefined },
  transaction?: Transaction,
): Promise<void> {
  await db.execute(
    `INSERT INTO mail_settings (id, enabled, server, port, user_name, password, tls, updated_at)
     VALUES (1, $1, $2, $3, $4, coalesce($5, ''), $6, now())
     ON CONFLICT (id) DO UPDATE
        SET enabled = $1, server = $2, port = $3, user_name = $4,
            password = coalesce($5, mail_settings.password), tls = $6, updated_at = now()`,
    [
      settings.enabled,
      settings.server,
      settings.port,
      settings.userName,
      settings.password || null,
      settings.tls,
    ],
    transaction,
  );
}

/**
 * nodemailer's options for the settings: TLS on means the connection must be encrypted — implicit
 * TLS on port 465, STARTTLS required elsewhere (587); TLS off never upgrades (port 25 inside a LAN).
 */
export function transportOptions(settings: MailSettings) {
  return {
    host: settings.server,
    port: settings.port,
    secure: settings.tls && settings.port === 465,
    requireTLS: settings.tls && settings.port !== 465,
    ignoreTLS: !settings.tls,
    auth: settings.userName ? { user: settings.userName, pass: settings.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/** The sender: the account's own address when the user name is one, else a no-reply of the server. */
export function senderOf(settings: MailSettings): string {
  if (settings.userName.includes('@')) return settings.userName;
  return `no-reply@${settings.server || 'localhost'}`;
}
