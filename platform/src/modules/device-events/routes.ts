import type { Middleware } from 'koa';
import type { Cradle } from '../../container.js';

const PREFIX = '/events/';

/**
 * Device-facing: `GET /events/<event>?mac=...` (action URLs). No envelope, no session: phones
 * speak plain HTTP and authenticate with the provisioning digest credentials.
 */
export function deviceEventsMiddleware({ deviceEventService }: Cradle): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX)) return next();
    if (ctx.method !== 'GET') {
      ctx.status = 405;
      ctx.set('Allow', 'GET');
      return;
    }
    const reply = await deviceEventService.handle({
      event: ctx.path.slice(PREFIX.length),
      query: ctx.query,
      method: ctx.method,
      uri: ctx.url,
      userAgent: ctx.get('User-Agent'),
      ip: ctx.ip.replace(/^::ffff:/, ''),
      authorization: ctx.get('Authorization') || undefined,
    });
    ctx.status = reply.status;
    ctx.set(reply.headers);
    ctx.body = reply.body;
  };
}
