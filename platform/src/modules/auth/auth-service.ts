import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, isStrongPassword, type Language } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Transaction } from 'sequelize';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AccessService } from '../access/access-service.js';
import type { MailService } from '../mail/mail-service.js';
import type { CaptchaService } from './captcha-service.js';
import type { LoginThrottle } from './login-throttle.js';
import { LINK_MINUTES, type LinkPurpose, linkMail, linkPath } from './mails.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionInfo } from './session-info.js';

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
    // A frozen organisation above the user's counts as its own (docs/organisation.md "Freeze").
    const user = await this.db.one<CredentialRow>(
      `SELECT u.id, u.password_hash, u.status,
              CASE WHEN EXISTS (SELECT 1 FROM orgs a WHERE a.status = 'frozen'
                                   AND a.id = ANY(string_to_array(trim(BOTH '/' FROM o.path), '/')::bigint[]))
                   THEN 'frozen' ELSE o.status END AS org_status
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

  /**
   * Enters an enterprise (spec §6) for this session, or returns to the user's own organization
   * (`null`): an administrator any enterprise, a channel user one below its channel that has
   * authorized its channels; a user limited to some sites none. Answers the session as it is now.
   */
  async enter(session: SessionInfo, enterpriseId: number | null): Promise<SessionInfo> {
    if (enterpriseId === null) {
      await this.db.execute('UPDATE sessions SET entered_org_id = NULL WHERE token_hash = $1', [
        session.tokenHash,
      ]);
    } else {
      const entered = await this.db.execute(
        `UPDATE sessions s SET entered_org_id = eo.id
           FROM users u JOIN orgs o ON o.id = u.org_id, orgs eo
          WHERE s.token_hash = $1 AND u.id = s.user_id AND eo.id = $2 AND eo.type = 'enterprise'
            AND eo.id <> o.id AND eo.path LIKE o.path || '%' AND u.site_ids IS NULL
            AND (u.user_type = 'admin' OR eo.channel_authorized)`,
        [session.tokenHash, enterpriseId],
      );
      if (entered === 0) {
        const below = await this.db.one(
          `SELECT 1 AS below FROM users u JOIN orgs o ON o.id = u.org_id, orgs eo
            WHERE u.id = $1 AND eo.id = $2 AND eo.type = 'enterprise' AND eo.id <> o.id
              AND eo.path LIKE o.path || '%' AND u.site_ids IS NULL`,
          [session.login.user.id, enterpriseId],
        );
        if (below) throw new AppError(ErrorCode.forbidden, 'channelNotAuthorized', 403);
        throw AppError.notFound();
      }
    }
    const now = await this.accessService.describeSession(session.tokenHash, this.config.sessionIdleMinutes);
    if (!now) throw AppError.sessionExpired();
    return { tokenHash: session.tokenHash, ...now };
  }

  async logout(session: SessionInfo): Promise<void> {
    await this.db.execute('DELETE FROM sessions WHERE token_hash = $1 OR expires_at < now()', [
      session.tokenHash,
    ]);
  }

  /**
   * A single-use link for an account (docs/organisation.md): reset its password, activate it (choose
   * the first password) or confirm a new email address (`newEmail`, where the email goes). Written
   * with its email in the caller's transaction; a new link of a purpose ends the older ones of that
   * purpose. The link itself is never logged: it is a password. Resolves to the link.
   */
  async issueLink(
    user: { id: number; orgId: number; userName: string; email: string | null },
    purpose: LinkPurpose,
    options: { publicUrl: string; language: Language; newEmail?: string },
    transaction: Transaction,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const link = `${options.publicUrl}${linkPath(purpose, token)}`;
    await this.db.execute(
      `WITH ended AS (UPDATE password_resets SET used_at = now()
                        WHERE user_id = $2 AND purpose = $4 AND used_at IS NULL AND $4 <> 'reset')
       INSERT INTO password_resets (token_hash, user_id, expires_at, purpose, new_email)
       VALUES ($1, $2, now() + make_interval(mins => $3), $4, $5)`,
      [tokenHash(token), user.id, LINK_MINUTES[purpose], purpose, options.newEmail ?? null],
      transaction,
    );
    const to = purpose === 'email' ? options.newEmail : user.email;
    if (to) {
      const mail = linkMail(purpose, link, options.language, user.userName);
      await this.mailService.enqueue([{ orgId: user.orgId, kind: purpose, to, ...mail }], transaction);
    }
    return link;
  }

  /**
   * Emails a reset link to the account named by email or user name. The answer is the same whether
   * or not the account exists.
   */
  async forgetPassword(
    name: string,
    publicUrl: string,
    language: Language = 'en-US',
  ): Promise<string | undefined> {
    const user = await this.db.one<{ id: string; email: string | null; org_id: string; user_name: string }>(
      'SELECT id, email, org_id, user_name FROM users WHERE user_name = $1 OR email = $1',
      [name.trim()],
    );
    if (!user) return undefined;
    return this.db.transaction((transaction) =>
      this.issueLink(
        { id: Number(user.id), orgId: Number(user.org_id), userName: user.user_name, email: user.email },
        'reset',
        { publicUrl, language },
        transaction,
      ),
    );
  }

  /**
   * Sets the password with a reset or activation link; an activation link also activates the
   * account. Every session and every other password link of the account ends.
   */
  async resetPassword(token: string, password: string, confirmPassword: string): Promise<void> {
    if (password !== confirmPassword) throw AppError.invalid('passwordMismatch');
    if (!isStrongPassword(password)) throw AppError.invalid('passwordRule');
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (transaction) => {
      const reset = await this.db.one<{ user_id: string; purpose: LinkPurpose }>(
        `UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND purpose IN ('reset', 'activate')
          RETURNING user_id, purpose`,
        [tokenHash(token)],
        transaction,
      );
      if (!reset) throw AppError.invalid('resetTokenInvalid');
      await this.db.execute(
        `UPDATE users SET password_hash = $2,
                status = CASE WHEN $3 = 'activate' THEN 'activated' ELSE status END
          WHERE id = $1`,
        [reset.user_id, passwordHash, reset.purpose],
        transaction,
      );
      // The first activation makes an inactivated organisation normal (docs/organisation.md).
      if (reset.purpose === 'activate') {
        await this.db.execute(
          `UPDATE orgs SET status = 'normal' WHERE id = (SELECT org_id FROM users WHERE id = $1) AND status = 'inactivated'`,
          [reset.user_id],
          transaction,
        );
      }
      // A new password ends every existing session of the account and every other reset link.
      await this.db.execute('DELETE FROM sessions WHERE user_id = $1', [reset.user_id], transaction);
      await this.db.execute(
        `UPDATE password_resets SET used_at = now()
          WHERE user_id = $1 AND used_at IS NULL AND purpose IN ('reset', 'activate')`,
        [reset.user_id],
        transaction,
      );
    });
  }

  /**
   * Confirms a new email address with its link: the account's email becomes the address the link
   * was sent to. Refused when the link is spent or expired, or another account took the address
   * meanwhile ('The email already exists').
   */
  async confirmEmail(token: string): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const link = await this.db.one<{ user_id: string; new_email: string }>(
        `UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND purpose = 'email'
          RETURNING user_id, new_email`,
        [tokenHash(token)],
        transaction,
      );
      if (!link) throw AppError.invalid('resetTokenInvalid');
      const taken = await this.db.one(
        'SELECT 1 AS taken FROM users WHERE email = $1 AND id <> $2',
        [link.new_email, link.user_id],
        transaction,
      );
      if (taken) throw new AppError(ErrorCode.conflict, 'emailExists');
      await this.db.execute(
        'UPDATE users SET email = $2 WHERE id = $1',
        [link.user_id, link.new_email],
        transaction,
      );
    });
  }
}
