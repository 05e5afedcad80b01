import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';

// svg-captcha draws the code as SVG paths in pure JS (no canvas, no native module).
const svgCaptcha = createRequire(import.meta.url)('svg-captcha') as {
  (text: string, options?: object): string;
  randomText(size: number): string;
};

const TTL_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPTIONS = { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f5f7fa' };

/** Server-generated verification codes; stored in PostgreSQL so any instance can check them. */
export class CaptchaService {
  private readonly db: Database;
  private readonly fixedCode: string | undefined;

  constructor({ db, config }: { db: Database; config: ConsoleConfig }) {
    this.db = db;
    this.fixedCode = config.captchaFixedCode;
  }

  async create(): Promise<{ captchaId: string; image: string }> {
    const text = this.fixedCode ?? svgCaptcha.randomText(4).replace(/[0oO1iIlL]/g, 'x');
    const captchaId = randomUUID();
    await this.db.execute(
      `WITH purge AS (DELETE FROM captchas WHERE expires_at < now())
       INSERT INTO captchas (id, answer, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [captchaId, text.toLowerCase(), TTL_SECONDS],
    );
    const svg = svgCaptcha(text, OPTIONS);
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Single use: a code is consumed by its first check, right or wrong. Case-insensitive. */
  async verify(captchaId: string, code: string): Promise<boolean> {
    if (!UUID.test(captchaId)) return false;
    const rows = await this.db.query<{ answer: string }>(
      'DELETE FROM captchas WHERE id = $1 AND expires_at >= now() RETURNING answer',
      [captchaId],
    );
    return rows[0]?.answer === code.trim().toLowerCase();
  }
}
