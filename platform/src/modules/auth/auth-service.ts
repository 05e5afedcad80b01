import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type Language } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AccessService } from '../access/access-service.js';
import type { MailService } from '../mail/mail-service.js';
import type { CaptchaService } from './captcha-service.js';
import type { LoginThrottle } from './login-throttle.js';
import { resetPasswordMail } from './mails.js';
import { hashPassword, meetsPasswordRule, verifyPassword } from './password.js';
import type { SessionInfo } from './session-info.js';

const RESET_TOKEN_MINUTES = 30;

export interface LoginRequest {
  userName: string;
  userPwd: string;
  captchaId: string;
  verifyCode: string;
}

interface CredentialRow {
  id: string;
  password_hash: string;
  status: 'activated' | 'inactivated';
  org_status: 'normal' | 'frozen' | 'inactivated';
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sign-in, sessions (stored in PostgreSQL, so they survive restarts) and the password reset flow. */
export class AuthService {
  private readonly db: Database;
  private readonly config: ConsoleConfig;
  private readonly logger: Logger;
  private readonly captchaService: CaptchaService;
  private readonly accessService: AccessService;
  private readonly loginThrottle: LoginThrottle;
  private readonly mailService: MailService;

  constructor(deps: {
    db: Database;
    config: ConsoleConfig;
    logger: Logger;
    captchaService: CaptchaService;
    accessService: AccessService;
    loginThrottle: LoginThrottle;
    mailService: MailService;
  }) {
    this.db = deps.db;
    this.config = deps.config;
    this.logger = deps.logger;
    this.captchaService = deps.captchaService;
    this.accessService = deps.accessService;
    this.loginThrottle = deps.loginThrottle;
    this.mailService = deps.mailService;
  }

  /** `address`: the caller's, for throttling guesses (see `LoginThrottle`). */
  async login(request: LoginRequest, address: string): Promise<{ token: string; session: SessionInfo }> {
    if (!request.userName.trim()) throw AppError.invalid('loginNameEmpty');
    if (!request.userPwd) throw AppError.invalid('passwordEmpty');
    if (!request.verifyCode.trim()) throw AppError.invalid('verifyCodeEmpty');
    if (!(await this.captchaService.verify(request.captchaId, request.verifyCode))) {
      throw AppError.invalid('verifyCodeWrong');
    }
    const name = request.userName.trim();
    if (!(await this.loginThrottle.admit(name, address)))
      throw new AppError(ErrorCode.locked, 'accountLocked');
    const user = await this.db.one<CredentialRow>(
      `SELECT u.id, u.password_hash, u.status, o.status AS org_status
         FROM users u JOIN orgs o ON o.id = u.org_id
        WHERE u.user_name = $1 OR u.email = $1`,
      [name],
    );
    // An unknown name costs the same work and gets the same answer as a wrong password.
    const passwordHash = user?.password_hash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';
    if (!(await verifyPassword(request.userPwd, passwordHash)) || !user) {
      throw new AppError(ErrorCode.loginFailed, 'loginWrong');
    }
    await this.loginThrottle.succeeded(name, address);
    if (user.status !== 'activated') throw new AppError(ErrorCode.loginFailed, 'accountInactive');
    if (user.org_status !== 'normal') throw new AppError(ErrorCode.loginFailed, 'accountFrozen');
    const token = randomBytes(32).toString('base64url');
    await this.db.execute(
      'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))',
      [tokenHash(token), user.id, this.config.sessionIdleMinutes],
    );
    const session = await this.sessionFromToken(token);
    if (!session) throw new AppError(ErrorCode.internal, 'unknownError');
    return { token, session };
  }

  /** Resolves a session cookie; an unknown or idle-expired session yields undefined. */
  async sessionFromToken(token: string): Promise<SessionInfo | undefined> {
    const hash = tokenHash(token);
    const described = await this.accessService.describeSession(hash, this.config.sessionIdleMinutes);
    return described && { tokenHash: hash, ...described };
  }

  async logout(session: SessionInfo): Promise<void> {
    await this.db.execute('DELETE FROM sessions WHERE token_hash = $1 OR expires_at < now()', [
      session.tokenHash,
    ]);
  }

  /**
   * Creates a single-use reset token for the account named by email or user name and queues the
   * email carrying its link, in one transaction. The answer is the same whether or not the account
   * exists. The link is never logged: it is a password.
   */
  async forgetPassword(
    name: string,
    publicUrl: string,
    language: Language = 'en-US',
  ): Promise<string | undefined> {
    const user = await this.db.one<{ id: string; email: string | null; org_id: string }>(
      'SELECT id, email, org_id FROM users WHERE user_name = $1 OR email = $1',
      [name.trim()],
    );
    if (!user) return undefined;
    const token = randomBytes(32).toString('base64url');
    const link = `${publicUrl}/modifyPassword?token=${token}`;
    await this.db.transaction(async (transaction) => {
      await this.db.execute(
        `INSERT INTO password_resets (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [tokenHash(token), user.id, RESET_TOKEN_MINUTES],
        transaction,
      );
      if (user.email) {
        const mail = resetPasswordMail(link, RESET_TOKEN_MINUTES, language);
        await this.mailService.enqueue(
          [{ orgId: Number(user.org_id), kind: 'reset-password', to: user.email, ...mail }],
          transaction,
        );
      }
    });
    return link;
  }

  async resetPassword(token: string, password: string, confirmPassword: string): Promise<void> {
    if (password !== confirmPassword) throw AppError.invalid('passwordMismatch');
    if (!meetsPasswordRule(password)) throw AppError.invalid('passwordRule');
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (transaction) => {
      const reset = await this.db.one<{ user_id: string }>(
        `UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash(token)],
        transaction,
      );
      if (!reset) throw AppError.invalid('resetTokenInvalid');
      await this.db.execute(
        'UPDATE users SET password_hash = $2 WHERE id = $1',
        [reset.user_id, passwordHash],
        transaction,
      );
      // A new password ends every existing session of the account and every other reset link.
      await this.db.execute('DELETE FROM sessions WHERE user_id = $1', [reset.user_id], transaction);
      await this.db.execute(
        'UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
        [reset.user_id],
        transaction,
      );
    });
  }
}
