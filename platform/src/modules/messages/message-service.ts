import { type Language, LiveEventName } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import type { LiveService } from '../live/live-service.js';
import { resultMessage } from '../tasks/task-queries.js';

/** A message as the bell shows it (spec §3 Message). */
export interface MessageRow {
  id: number;
  status: number;
  type: number;
  content: string;
  num: number;
  alarmTime: string;
  taskId: number | null;
}

/** Spec §9: the notice list shows 10 by default. */
const NOTICE_SHOWN = 10;

/**
 * In-station messages per user (docs/messages.md): the bell's count and newest unread messages
 * (`/homepage/notice`, polled every 60 s by enterprise and channel users), and clearing them.
 */
export class MessageService {
  private readonly db: Database;
  private readonly liveService: LiveService;

  constructor({ db, liveService }: { db: Database; liveService: LiveService }) {
    this.db = db;
    this.liveService = liveService;
  }

  async notice(userId: number, language: Language): Promise<{ count: number; list: MessageRow[] }> {
    const [counted, rows] = await Promise.all([
      this.db.one<{ count: string }>(
        'SELECT count(*) AS count FROM messages WHERE user_id = $1 AND status = 0',
        [userId],
      ),
      this.db.query<{
        id: string;
        status: number;
        type: number;
        content: string;
        num: number;
        alarm_time: Date;
        task_id: string | null;
      }>(
        `SELECT id, status, type, content, num, alarm_time, task_id FROM messages
          WHERE user_id = $1 AND status = 0 ORDER BY id DESC LIMIT ${NOTICE_SHOWN}`,
        [userId],
      ),
    ]);
    return {
      count: Number(counted?.count ?? 0),
      list: rows.map((row) => ({
        id: Number(row.id),
        status: row.status,
        type: row.type,
        content: resultMessage(row.content, language),
        num: row.num,
        alarmTime: row.alarm_time.toISOString(),
        taskId: row.task_id === null ? null : Number(row.task_id),
      })),
    };
  }

  /**
   * Marks the user's messages read: the ones named, or all. Answers how many were unread. The
   * user's other tabs and browsers hear of it (docs/live.md).
   */
  async clear(userId: number, ids: number[] | undefined): Promise<number> {
    const cleared = await this.db.execute(
      `UPDATE messages SET status = 1 WHERE user_id = $1 AND status = 0 AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
      [userId, ids ?? null],
    );
    if (cleared > 0) this.liveService.publish({ userIds: [userId] }, { name: LiveEventName.notice });
    return cleared;
  }
}
