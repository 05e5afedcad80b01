import { z } from 'zod';
import { bodyId } from '../../http/fields.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { MessageService } from './message-service.js';

const clearBody = z.object({ ids: z.array(bodyId).min(1).max(1000).optional() });

/** The message bell (spec §7 home calls): every signed-in user's own messages. */
export function messageRoutes({ messageService }: { messageService: MessageService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/homepage/notice',
      summary: 'The caller’s unread messages: count and the newest 10 (the bell, polled every 60 s)',
      access: 'session',
      handler: async ({ session, ctx }) => ({
        rows: [
          await messageService.notice(session.login.user.id, (ctx.state.request as RequestState).language),
        ],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/homepage/clearNotice',
      summary: 'Mark the caller’s messages read: `ids`, or all of them',
      access: 'session',
      body: clearBody,
      handler: async ({ body, session }) => ({
        rows: [{ cleared: await messageService.clear(session.login.user.id, body.ids) }],
      }),
    }),
  ];
}
