import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { type RunningConsole, type StartOptions, startConsole } from '../app.js';
import type { ConsoleOptions } from '../config.js';

export const TEST_ADMIN_PASSWORD = 'Admin@2026';
export const TEST_CAPTCHA = '1234';

/** A database of its own on the run's PostgreSQL, so test files never see each other's rows. */
export async function createTestDatabase(): Promise<string> {
  const base = new URL(inject('databaseUrl'));
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  base.pathname = `/${name}`;
  return base.toString();
}

/**
 * A whole console (migrations, seed, registries, HTTP and SIP on free ports) on a fresh database,
 * or on `options.databaseUrl` (another console's `config.databaseUrl`) to run two instances on one.
 * `logger` lets a test read what the console logged.
 */
export async function createTestConsole(
  options: ConsoleOptions = {},
  logger: pino.Logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  start: StartOptions = {},
): Promise<RunningConsole> {
  return startConsole(
    {
      port: 0,
      host: '127.0.0.1',
      sipAddress: '127.0.0.1',
      sipPort: 0,
      databaseUrl: options.databaseUrl ?? (await createTestDatabase()),
      adminPassword: TEST_ADMIN_PASSWORD,
      captchaFixedCode: TEST_CAPTCHA,
      ...options,
    },
    logger,
    start,
  );
}

export interface ApiReply<Row = Record<string, unknown>> {
  status: number;
  code: number;
  message: string;
  messageExt: string | null;
  rows: Row[];
  totalRows?: number;
  /** A download (not an envelope): its text; for an xlsx workbook, the text of every cell. */
  file?: string;
}

/** Every cell of every sheet, one line per row, so tests can look into downloaded workbooks. */
async function workbookText(bytes: ArrayBuffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const lines: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => {
      lines.push((row.values as unknown[]).map((value) => String(value ?? '')).join('\t'));
    });
  }
  return lines.join('\n');
}

/** A browser-like API client keeping the session cookie, for route tests. */
export class ApiClient {
  private cookie = '';

  constructor(
    private readonly baseUrl: string,
    private readonly language = 'en',
    /** Sent with every call (e.g. `X-Forwarded-For` behind a trusted proxy). */
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** The session cookie as a `Cookie` header value, for requests made outside this client. */
  get cookieHeader(): string {
    return this.cookie;
  }

  async call<Row = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiReply<Row>> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        'Accept-Language': this.language,
        ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || body instanceof FormData
            ? body
            : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json')) {
      const file = type.includes('spreadsheetml')
        ? await workbookText(await response.arrayBuffer())
        : await response.text();
      return {
        status: response.status,
        code: response.ok ? 0 : response.status,
        message: '',
        messageExt: null,
        rows: [],
        file,
      };
    }
    const envelope = (await response.json()) as {
      code: number;
      message: string;
      messageExt: string | null;
      result: { rows: Row[]; totalRows?: number };
    };
    return {
      status: response.status,
      code: envelope.code,
      message: envelope.message,
      messageExt: envelope.messageExt,
      rows: envelope.result.rows,
      ...(envelope.result.totalRows === undefined ? {} : { totalRows: envelope.result.totalRows }),
    };
  }

  /** A multipart upload of one file in field `file`, with optional form fields. */
  async upload<Row = Record<string, unknown>>(
    path: string,
    fileName: string,
    bytes: Uint8Array,
    fields: Record<string, string> = {},
  ): Promise<ApiReply<Row>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
    return this.call<Row>('POST', path, form);
  }

  async signIn(userName: string, password: string, code = TEST_CAPTCHA): Promise<ApiReply> {
    const captcha = await this.call<{ captchaId: string }>('GET', '/captcha');
    return this.call('POST', '/user/login', {
      userName,
      userPwd: password,
      captchaId: captcha.rows[0]?.captchaId,
      verifyCode: code,
    });
  }
}
