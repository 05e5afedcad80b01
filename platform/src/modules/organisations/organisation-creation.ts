import { ErrorCode, type Language } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AuthService } from '../auth/auth-service.js';
import { databaseError } from '../sites/fleet-common.js';
import { createDefaultSites } from '../sites/seed.js';
import type { TenantScope } from '../tenancy/scope.js';
import { nameExists, ORG_NAME_LOCK, type OrgKind } from './organisation-rows.js';
import type { ChannelBody, EnterpriseBody } from './schemas.js';

/** Where an email of a request points and in which language it is written. */
export interface LinkContext {
  publicUrl: string;
  language: Language;
}

/** What a user's password hash is until the user chooses one with the activation link: matches nothing. */
export const NO_PASSWORD = '!inactivated';

/** The built-in role of each kind's first user (platform/src/modules/access/seed.ts, in org 1). */
const BUILTIN_ROLE: Record<OrgKind, string> = {
  channel: 'Channel administrator',
  enterprise: 'Enterprise administrator',
};

interface Parent {
  id: string;
  path: string;
  type: 'platform' | 'channel' | 'enterprise';
  may_create_subchannels: boolean;
}

/** The organisation, its parent and what the caller's own organisation allows. */
export type NewOrganisation =
  | { kind: 'channel'; input: ChannelBody }
  | { kind: 'enterprise'; input: EnterpriseBody };

/**
 * Creates an organisation in one transaction (docs/organisation.md "First user and activation"):
 * the `orgs` row (status 'inactivated'), its default site, its first user (user name and email =
 * the register email, inactivated, the built-in role of its kind) and the activation email. Any
 * refusal creates nothing.
 */
export class OrganisationCreation {
  private readonly db: Database;
  private readonly authService: AuthService;

  constructor({ db, authService }: { db: Database; authService: AuthService }) {
    this.db = db;
    this.authService = authService;
  }

  async create(scope: TenantScope, wanted: NewOrganisation, links: LinkContext): Promise<{ id: number }> {
    const parentId =
      (wanted.kind === 'channel' ? wanted.input.parentId : wanted.input.channelId) ?? scope.orgId;
    const { input, kind } = wanted;
    try {
      return await this.db.transaction(async (transaction) => {
        await this.db.execute('SELECT pg_advisory_xact_lock($1, $2)', [ORG_NAME_LOCK, parentId], transaction);
        const parent = await this.parent(scope, parentId, transaction);
        if (
          kind === 'channel' &&
          !scope.isPlatform &&
          !(await this.callerMaySubChannel(scope, transaction))
        ) {
          throw AppError.invalid('subChannelsNotAllowed');
        }
        await this.assertNameFree(kind, parent.id, input.name, null, transaction);
        await this.assertEmailFree(input.email, null, transaction);
        const enterprise = kind === 'enterprise' ? wanted.input : undefined;
        const channel = kind === 'channel' ? wanted.input : undefined;
        const org = await this.db.one<{ id: string }>(
          `WITH n AS (SELECT nextval(pg_get_serial_sequence('orgs', 'id')) AS id)
           INSERT INTO orgs (id, type, name, parent_id, path, email, contact, phone, country, device_limit,
                             may_create_subchannels, status)
           SELECT n.id, $1, $2, $3, $4 || n.id || '/', $5, $6, $7, $8, $9, $10, 'inactivated' FROM n
           RETURNING id`,
          [
            kind,
            input.name,
            parent.id,
            parent.path,
            input.email,
            input.contact,
            input.phone,
            enterprise?.country ?? null,
            enterprise?.deviceLimit ?? null,
            channel?.maySubChannels ?? false,
          ],
          transaction,
        );
        const orgId = Number(org?.id);
        await createDefaultSites(this.db, [orgId], transaction);
        const user = await this.db.one<{ id: string }>(
          `INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, status)
           SELECT $1, $2, $2, $3, $4, r.id, 'inactivated'
             FROM roles r WHERE r.org_id = 1 AND r.builtin AND r.name = $5 AND r.user_type = $4
           RETURNING id`,
          [orgId, input.email, NO_PASSWORD, kind, BUILTIN_ROLE[kind]],
          transaction,
        );
        if (!user) throw new AppError(ErrorCode.internal, 'unknownError');
        await this.authService.issueLink(
          { id: Number(user.id), orgId, userName: input.email, email: input.email },
          'activate',
          links,
          transaction,
        );
        return { id: orgId };
      });
    } catch (error) {
      // Two requests racing for one email: the users table's unique keys decide.
      if (databaseError(error).code === '23505') throw new AppError(ErrorCode.conflict, 'emailExists');
      throw error;
    }
  }

  /**
   * The parent a new organisation goes under: the caller's own organisation or a channel in its
   * subtree (an enterprise never has organisations below it). Anything else is 'Not found'.
   */
  private async parent(scope: TenantScope, parentId: number, transaction: Transaction): Promise<Parent> {
    const bind: unknown[] = [parentId];
    const parent = await this.db.one<Parent>(
      `SELECT o.id, o.path, o.type, o.may_create_subchannels FROM orgs o
        WHERE o.id = $1 AND o.type IN ('platform', 'channel') AND ${scope.treeCondition('o.id', bind)}`,
      bind,
      transaction,
    );
    if (!parent) throw AppError.notFound();
    return parent;
  }

  /** A channel user creates sub-channels only when its own channel may (the administrator always). */
  private async callerMaySubChannel(scope: TenantScope, transaction: Transaction): Promise<boolean> {
    const own = await this.db.one<{ may: boolean }>(
      `SELECT o.type = 'channel' AND o.may_create_subchannels AS may FROM orgs o WHERE o.id = $1`,
      [scope.orgId],
      transaction,
    );
    return own?.may ?? false;
  }

  /** Names are unique, in any case, among the children of one parent of one kind (40900). */
  async assertNameFree(
    kind: OrgKind,
    parentId: string | number,
    name: string,
    exceptId: number | null,
    transaction: Transaction,
  ): Promise<void> {
    const taken = await this.db.one(
      `SELECT 1 AS taken FROM orgs WHERE parent_id = $1 AND type = $2 AND lower(name) = lower($3)
          AND id IS DISTINCT FROM $4::bigint`,
      [parentId, kind, name, exceptId],
      transaction,
    );
    if (taken) throw new AppError(ErrorCode.conflict, nameExists[kind]);
  }

  /** A register email may be no user's email or user name yet (40900 'The email already exists'). */
  async assertEmailFree(email: string, exceptUserId: number | null, transaction: Transaction): Promise<void> {
    const taken = await this.db.one(
      `SELECT 1 AS taken FROM users WHERE (email = $1 OR user_name = $1) AND id IS DISTINCT FROM $2::bigint`,
      [email, exceptUserId],
      transaction,
    );
    if (taken) throw new AppError(ErrorCode.conflict, 'emailExists');
  }
}
