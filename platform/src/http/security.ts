import type { Context, Next } from 'koa';
import { AppError } from './envelope.js';

/**
 * The browser side's own defences. Federated plugins load from this origin (`/plugins/…`), so
 * `'self'` admits them; antd writes its styles at run time, hence inline styles. Captcha images
 * are data URIs.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'same-origin'],
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
];

/** Not `async`: every request passes here, and pays no promise of its own. */
export function securityHeaders(ctx: Context, next: Next): Promise<void> {
  // Straight on the response: every request sets these, and Koa's setter adds nothing to constants.
  const { res } = ctx;
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (ctx.secure) res.setHeader('Strict-Transport-Security', 'max-age=15552000');
  return next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a browser names the page that sent a request in `Origin` (or at
 * least `Referer`). A state-changing API call is refused unless that page is this console — its
 * own origin as the request reached it, or `PUBLIC_URL`. SameSite cookies alone let a page on
 * another port or a sibling subdomain through. Calls without either header come from programs,
 * which carry no ambient cookies, and pass.
 */
export function sameOriginOnly(publicUrl: () => string | undefined) {
  return (ctx: Context, next: Next): Promise<void> => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const sender = ctx.get('Origin') || originOf(ctx.get('Referer'));
      if (sender && sender !== `${ctx.protocol}://${ctx.host}` && sender !== originOf(publicUrl())) {
        throw AppError.forbidden();
      }
    }
    return next();
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
