import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';

/** One API route as the router dispatches it: a method, a path (`:name` marks a parameter segment), its chain. */
export interface ApiEndpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  middleware: Middleware[];
}

type Chains = Map<string, Middleware>;

interface ParamPath {
  pattern: RegExp;
  names: string[];
  chains: Chains;
}

/**
 * The API's router (docs/performance.md "API requests"): every path is known at boot, so a request
 * is one map lookup by its path instead of a regular expression per route (the cost that grew with
 * each area added), and each route's middleware chain is composed once. The few paths with
 * parameters are matched by their own expressions after the map misses. Paths match without regard
 * to case or a trailing slash, as before; HEAD is answered by GET; a known path asked with another
 * method gets 405 and `Allow` (OPTIONS: 200 and `Allow`).
 */
export function apiRouter(prefix: string, endpoints: ApiEndpoint[], before: Middleware[] = []): Middleware {
  const exact = new Map<string, Chains>();
  const withParams: ParamPath[] = [];
  for (const endpoint of endpoints) {
    const chain = compose([...before, ...endpoint.middleware]);
    const method = endpoint.method.toUpperCase();
    if (endpoint.path.includes('/:')) {
      const names: string[] = [];
      const source = endpoint.path
        .split('/')
        .map((segment) => {
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(segment.slice(1));
          return '([^/]+)';
        })
        .join('/');
      const pattern = new RegExp(`^${source}$`, 'i');
      let found = withParams.find((each) => each.pattern.source === pattern.source);
      if (!found) {
        found = { pattern, names, chains: new Map() };
        withParams.push(found);
      }
      found.chains.set(method, chain);
    } else {
      const key = endpoint.path.toLowerCase();
      const chains = exact.get(key) ?? new Map<string, Middleware>();
      chains.set(method, chain);
      exact.set(key, chains);
    }
  }

  return (ctx: Context, next: Next) => {
    const { path } = ctx;
    if (!path.startsWith(prefix)) return next();
    let rest = path.slice(prefix.length);
    if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
    let chains = exact.get(rest.toLowerCase());
    let params: Record<string, string> = {};
    if (!chains) {
      for (const candidate of withParams) {
        const match = candidate.pattern.exec(rest);
        if (!match) continue;
        try {
          params = Object.fromEntries(
            candidate.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
          );
        } catch {
          return next();
        }
        chains = candidate.chains;
        break;
      }
    }
    if (!chains) return next();
    const chain = chains.get(ctx.method) ?? (ctx.method === 'HEAD' ? chains.get('GET') : undefined);
    if (!chain) {
      const allowed = [...chains.keys(), ...(chains.has('GET') ? ['HEAD'] : [])].join(', ');
      ctx.set('Allow', allowed);
      if (ctx.method === 'OPTIONS') {
        ctx.status = 200;
        ctx.body = '';
      } else {
        ctx.status = 405;
      }
      return next();
    }
    ctx.params = params;
    return chain(ctx, next);
  };
}
