import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { currentPage, pageSize, requiredField } from '../../http/fields.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';

const sendBody = z.object({
  content: z.string(requiredField).trim().min(1, 'fieldRequired').max(500, 'invalidFormat'),
  contact: z.string().trim().max(128, 'invalidFormat').default(''),
});

const listBody = z.object({ currentPage, pageSize });

interface FeedbackRow {
  id: number;
  userName: string;
  organisation: string;
  content: string;
  contact: string;
  createTime: string;
}

/**
 * Feedback (spec §2 header; docs/feedback.md): any signed-in user sends it; the platform
 * administrator reads every organisation's, newest first. Anyone else finds no list.
 */
export function feedbackRoutes({ db }: { db: Database }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/feedback/add',
      summary: 'Send feedback (content up to 500 characters, an optional contact)',
      access: 'session',
      body: sendBody,
      handler: async ({ session, body }) => {
        await db.execute(
          `INSERT INTO feedback (org_id, user_id, user_name, content, contact)
           SELECT u.org_id, u.id, u.user_name, $2, $3 FROM users u WHERE u.id = $1`,
          [session.login.user.id, body.content, body.contact],
        );
        return { rows: [], messageKey: 'feedbackSent' };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/feedback/list',
      summary: 'Every feedback received, newest first (the platform administrator only)',
      access: 'session',
      body: listBody,
      handler: async ({ session, body }) => {
        if (session.login.user.userType !== 'admin') throw AppError.notFound();
        const offset = (body.currentPage - 1) * body.pageSize;
        const [list, total] = await Promise.all([
          db.query<FeedbackRow>(
            `SELECT f.id::int AS id, f.user_name AS "userName", o.name AS organisation, f.content, f.contact,
                    f.created_at AS "createTime"
               FROM feedback f JOIN orgs o ON o.id = f.org_id
              ORDER BY f.created_at DESC, f.id DESC LIMIT $1 OFFSET $2`,
            [body.pageSize, offset],
          ),
          db.one<{ total: number }>('SELECT count(*)::int AS total FROM feedback'),
        ]);
        return { rows: [{ list, total: total?.total ?? 0 }] };
      },
    }),
  ];
}
