import type { ChannelAuthorization, OrganisationOption, OrganisationTreeNode } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { escapeLike } from '../sites/fleet-common.js';

interface OptionRecord {
  id: string;
  name: string;
  type: 'channel' | 'enterprise';
  parent_id: string;
  parent_type: string;
  enterable: boolean;
}

/**
 * The caller's own organisation by its user (not the enterprise a session entered): entering,
 * picking channels and authorizing are about who the user is. `$1` is the user id.
 */
const ME = `me AS (SELECT o.id, o.path, u.user_type FROM users u JOIN orgs o ON o.id = u.org_id
                    WHERE u.id = $1 AND u.user_type IN ('admin', 'channel') AND u.site_ids IS NULL)`;

/**
 * An enterprise the user may enter (spec §6): the administrator any; a channel user one below its
 * channel that authorized the channels above it.
 */
const ENTERABLE = `(o.type = 'enterprise' AND (me.user_type = 'admin' OR o.channel_authorized))`;

function option(record: OptionRecord): OrganisationOption {
  return {
    id: Number(record.id),
    name: record.name,
    type: record.type,
    parentId: record.parent_type === 'platform' ? null : Number(record.parent_id),
  };
}

/** Lists for entering an enterprise and picking a channel, and the enterprise's channel authorization. */
export class OrganisationEntering {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  /** Organisations below the user's own (administrator and channel users; anyone else: none). */
  private async below(userId: number, where: string, keywords = ''): Promise<OptionRecord[]> {
    return this.db.query<OptionRecord>(
      `WITH ${ME}
       SELECT o.id, o.name, o.type, o.parent_id, p.type AS parent_type, ${ENTERABLE} AS enterable
         FROM me JOIN orgs o ON o.path LIKE me.path || '%' AND o.id <> me.id
         JOIN orgs p ON p.id = o.parent_id
        WHERE ${where} AND ($2 = '' OR o.name ILIKE '%' || $2 || '%')
        ORDER BY o.path`,
      [userId, escapeLike(keywords)],
    );
  }

  /** `POST /allEnterprise`: the enterprises the user may enter, by name. */
  async enterprises(userId: number, keywords: string): Promise<OrganisationOption[]> {
    const rows = await this.below(userId, ENTERABLE, keywords);
    return rows.map(option).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** `POST /allChannel`: the channels below the user's organisation, by name. */
  async channels(userId: number, keywords: string): Promise<OrganisationOption[]> {
    const rows = await this.below(userId, `o.type = 'channel'`, keywords);
    return rows.map(option).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * `GET /tb-channel-enter/getUserTrees`: the organisations below the user's own as trees (channels
   * with their sub-channels and enterprises), each enterprise saying whether it may be entered.
   */
  async trees(userId: number): Promise<OrganisationTreeNode[]> {
    const rows = await this.below(userId, 'TRUE');
    const nodes = new Map<number, OrganisationTreeNode>();
    const roots: OrganisationTreeNode[] = [];
    // Ordered by path: a parent always comes before its children.
    for (const row of rows) {
      const node: OrganisationTreeNode = { ...option(row), enterable: row.enterable, children: [] };
      nodes.set(node.id, node);
      const parent = nodes.get(Number(row.parent_id));
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const byName = (list: OrganisationTreeNode[]) => {
      list.sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'channel' ? -1 : 1));
      for (const node of list) byName(node.children);
    };
    byName(roots);
    return roots;
  }

  /** The user's own enterprise (authorization is its own decision, never an entering channel's). */
  private async ownEnterprise(userId: number): Promise<string> {
    const own = await this.db.one<{ id: string }>(
      `SELECT o.id FROM users u JOIN orgs o ON o.id = u.org_id WHERE u.id = $1 AND o.type = 'enterprise'`,
      [userId],
    );
    if (!own) throw AppError.notFound();
    return own.id;
  }

  /** `GET /tb-authorization/query`: the enterprise's superior channel and whether it is authorized. */
  async authorization(userId: number): Promise<ChannelAuthorization> {
    const id = await this.ownEnterprise(userId);
    const row = await this.db.one<{
      channel_id: string | null;
      channel_name: string | null;
      authorized: boolean;
    }>(
      `SELECT CASE WHEN p.type = 'channel' THEN p.id END AS channel_id,
              CASE WHEN p.type = 'channel' THEN p.name END AS channel_name, o.channel_authorized AS authorized
         FROM orgs o JOIN orgs p ON p.id = o.parent_id WHERE o.id = $1`,
      [id],
    );
    return {
      channelId: row?.channel_id ? Number(row.channel_id) : null,
      channelName: row?.channel_name ?? null,
      authorized: row?.authorized ?? false,
    };
  }

  /** `POST /tb-authorization/save`: grants or withdraws the channels' authorization. */
  async authorize(userId: number, authorized: boolean): Promise<ChannelAuthorization> {
    const id = await this.ownEnterprise(userId);
    await this.db.execute('UPDATE orgs SET channel_authorized = $2 WHERE id = $1', [id, authorized]);
    return this.authorization(userId);
  }
}
