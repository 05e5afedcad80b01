import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { ServerAttachment } from '../../module.js';
import { type CertificateFacts, factsOf, readTlsMaterial, type UploadedPart } from './certificate.js';
import { ConsoleListener, type ListenerSetting } from './console-listener.js';

const CHANNEL = 'phonefleet_http';

interface StoredRow {
  protocol: 'http' | 'https';
  port: number;
  certificate: string | null;
  private_key: string | null;
  ca: string | null;
}

/** What the HTTP/HTTPS dialog shows: never the key. */
export interface HttpSettingView {
  httpProtocal: 'http' | 'https';
  port: number;
  certificate: CertificateFacts | null;
}

export interface HttpSettingForm {
  httpProtocal: 'http' | 'https';
  port: number;
  pemFile?: UploadedPart;
  keyFile?: UploadedPart;
  caFile?: UploadedPart;
}

function settingOf(row: StoredRow | undefined): ListenerSetting | undefined {
  if (!row) return undefined;
  if (row.protocol === 'https' && row.certificate && row.private_key && row.ca)
    return {
      protocol: 'https',
      port: row.port,
      tls: { certificate: row.certificate, privateKey: row.private_key, ca: row.ca },
    };
  return { protocol: 'http', port: row.port };
}

function sameSetting(a: ListenerSetting | undefined, b: ListenerSetting | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The HTTP/HTTPS setting (spec §3, §7 `POST /common/setHttpCA`; docs/https.md): stored in PostgreSQL,
 * applied by every instance at start and on `NOTIFY phonefleet_http`, without a restart.
 */
export class HttpsService {
  readonly listener: ConsoleListener;
  private readonly db: Database;
  private readonly logger: Logger;
  private applied: Promise<void> = Promise.resolve();

  constructor({ db, logger }: { db: Database; logger: Logger }) {
    this.db = db;
    this.logger = logger;
    this.listener = new ConsoleListener(logger);
  }

  attachment(): ServerAttachment {
    return {
      attach: (server: Server) =>
        this.listener.attach(server, () =>
          this.db.listen(
            CHANNEL,
            () => void this.follow(),
            (listening) => listening && void this.follow(),
          ),
        ),
      close: () => this.listener.close(),
    };
  }

  /** Resolves once the stored setting last announced has been applied (or refused) here. */
  settled(): Promise<void> {
    return this.applied;
  }

  private follow(): Promise<void> {
    this.applied = this.applied.then(async () => {
      try {
        const stored = settingOf(await this.read());
        if (!sameSetting(stored, this.listener.setting)) await this.listener.apply(stored);
      } catch (error) {
        this.logger.error({ err: error }, 'could not apply the HTTP/HTTPS setting; the previous one stays');
      }
    });
    return this.applied;
  }

  private read(): Promise<StoredRow | undefined> {
    return this.db.one<StoredRow>('SELECT protocol, port, certificate, private_key, ca FROM http_listener');
  }

  async view(): Promise<HttpSettingView> {
    const row = await this.read();
    return {
      httpProtocal: row?.protocol ?? 'http',
      port: row?.port ?? this.listener.port ?? 0,
      certificate: row?.certificate ? factsOf(row.certificate) : null,
    };
  }

  /**
   * Checks the files, opens the listener here (a port that cannot be opened refuses the setting and
   * nothing changes), then stores it and tells the other instances. Answers the certificate's facts.
   */
  async save(form: HttpSettingForm): Promise<CertificateFacts | null> {
    let target: ListenerSetting = { protocol: 'http', port: form.port };
    let facts: CertificateFacts | null = null;
    if (form.httpProtocal === 'https') {
      const { pemFile, keyFile, caFile } = form;
      if (!pemFile) throw AppError.invalid('fieldRequired', 'pemFile');
      if (!keyFile) throw AppError.invalid('fieldRequired', 'keyFile');
      if (!caFile) throw AppError.invalid('fieldRequired', 'caFile');
      const read = readTlsMaterial({ certificate: pemFile, key: keyFile, ca: caFile });
      target = { protocol: 'https', port: form.port, tls: read.material };
      facts = read.facts;
    }
    const previous = this.listener.setting;
    await this.applied;
    try {
      await this.listener.apply(target);
    } catch (error) {
      throw AppError.invalid('httpsPortUnavailable', `${form.port}: ${(error as Error).message}`);
    }
    try {
      await this.db.transaction(async (transaction) => {
        await this.db.execute(
          `INSERT INTO http_listener (id, protocol, port, certificate, private_key, ca, updated_at)
           VALUES (1, $1, $2, $3, $4, $5, now())
           ON CONFLICT (id) DO UPDATE SET protocol = $1, port = $2, certificate = $3, private_key = $4,
             ca = $5, updated_at = now()`,
          [
            target.protocol,
            target.port,
            target.tls?.certificate ?? null,
            target.tls?.privateKey ?? null,
            target.tls?.ca ?? null,
          ],
          transaction,
        );
        await this.db.execute(`SELECT pg_notify('${CHANNEL}', '')`, [], transaction);
      });
    } catch (error) {
      await this.listener.apply(previous).catch(() => undefined);
      throw error;
    }
    return facts;
  }
}
