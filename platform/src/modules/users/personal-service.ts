import { ErrorCode, isStrongPassword, type UserRow } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AuthService } from '../auth/auth-service.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionInfo } from '../auth/session-info.js';
import { type LinkOptions, toUserRow, USER_COLUMNS, USER_JOINS, type UserDbRow } from './user-rows.js';

/** `GET /user/userInfo`: the caller as a user row, with its organisation's name. */
export interface PersonalInfo extends UserRow {
  orgName: string;
}

/** Personal info (spec §2 /personnalInfo): the caller's own account, password and email. */
export class PersonalService {
  private readonly db: Database;
  private readonly authService: AuthService;
  private readonly loginThrottle: LoginThrottle;

  constructor({
    db,
    authService,
    loginThrottle,
  }: { db: Database; authService: AuthService; loginThrottle: LoginThrottle }) {
    this.db = db;
    this.authService = authService;
    this.loginThrottle = loginThrottle;
  }

  /**
   * The caller's current password, before a change to its credentials: guesses through a stolen
   * session are throttled as sign-ins are (`LoginThrottle`, the same counts). Answers its hash.
   */
  private async checkCurrentPassword(
    session: SessionInfo,
    password: string,
    address: string,
  ): Promise<string> {
    if (!password) throw AppError.invalid('passwordEmpty', 'oldPassword');
    const name = session.login.user.userName;
    if (!(await this.loginThrottle.admit(name, address)))
      throw new AppError(ErrorCode.locked, 'accountLocked');
    const user = await this.db.one<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [session.login.user.id],
    );
    if (!user || !(await verifyPassword(password, user.password_hash))) {
      throw AppError.invalid('oldPasswordWrong', 'oldPassword');
    }
    await this.loginThrottle.succeeded(name, address);
    return user.password_hash;
  }

  async info(session: SessionInfo): Promise<PersonalInfo> {
    const row = await this.db.one<UserDbRow & { org_name: string }>(
      `SELECT ${USER_COLUMNS}, o.name AS org_name
         FROM users u ${USER_JOINS} JOIN orgs o ON o.id = u.org_id
        WHERE u.id = $1`,
      [session.login.user.id],
    );
    if (!row) throw AppError.sessionExpired();
    return { ...toUserRow(row), orgName: row.org_name };
  }

  /**
   * Changes the caller's password after checking the old one; every other session of the account
   * and every unused reset link end (this session stays signed in).
   */
  async updatePassword(
    session: SessionInfo,
    input: { oldPassword: string; password: string; confirmPassword: string },
    address: string,
  ): Promise<void> {
    if (!input.oldPassword) throw AppError.invalid('passwordEmpty', 'oldPassword');
    if (input.password !== input.confirmPassword) throw AppError.invalid('passwordMismatch');
    if (!isStrongPassword(input.password)) throw AppError.invalid('passwordRule');
    const currentHash = await this.checkCurrentPassword(session, input.oldPassword, address);
    const passwordHash = await hashPassword(input.password);
    await this.db.query(
      `WITH changed AS (UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $4 RETURNING id),
            signed_out AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM changed) AND token_hash <> $3),
            links AS (UPDATE password_resets SET used_at = now()
                       WHERE used_at IS NULL AND purpose = 'reset' AND user_id IN (SELECT id FROM changed))
       SELECT count(*) AS n FROM changed`,
      [session.login.user.id, passwordHash, session.tokenHash, currentHash],
    );
  }

  /**
   * Sends a confirmation link to a new address, once the current password is given; the email
   * changes when the link is opened (`confirmEmail`). The address must not be any account's email
   * or user name.
   */
  async updateEmail(
    session: SessionInfo,
    input: { email: string; password: string },
    link: LinkOptions,
    address: string,
  ): Promise<void> {
    const { user } = session.login;
    const { email } = input;
    await this.checkCurrentPassword(session, input.password, address);
    await this.db.transaction(async (transaction) => {
      // Taken: another account's email or user name, or already this account's email.
      const me = await this.db.one<{ org_id: string; taken: boolean }>(
        `SELECT org_id, EXISTS (SELECT 1 FROM users o
                                 WHERE (o.email = $1::citext OR o.user_name = $1::citext)
                                   AND (o.id <> $2 OR o.email = $1::citext)) AS taken
           FROM users WHERE id = $2`,
        [email, user.id],
        transaction,
      );
      if (!me) throw AppError.sessionExpired();
      if (me.taken) throw new AppError(ErrorCode.conflict, 'emailExists');
      await this.authService.issueLink(
        { id: user.id, orgId: Number(me.org_id), userName: user.userName, email: user.email },
        'email',
        { ...link, newEmail: email },
        transaction,
      );
    });
  }

  /** Opens an email confirmation link: the account's email becomes the address it was sent to. */
  confirmEmail(token: string): Promise<void> {
    return this.authService.confirmEmail(token);
  }
}
