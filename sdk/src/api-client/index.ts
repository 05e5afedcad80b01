import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';
import { type SigningCredential, signatureHeaders, signingKey } from './sign.js';

export type { paths } from './schema.js';
export { type SignatureHeaders, type SigningCredential, signatureHeaders, signingKey } from './sign.js';

export interface ApiClientOptions extends SigningCredential {
  /** The console's address, e.g. `https://console.example.com` (paths start with `/api`). */
  baseUrl: string;
  /** `signed` (default): HMAC on every request; `bearer`: the key as a bearer token (HTTPS only). */
  mode?: 'signed' | 'bearer';
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A typed client of the console's API, generated from its OpenAPI document (`npm run api-client`
 * regenerates `schema.ts`), authenticating with an API credential (docs/api-service.md).
 */
export function createApiClient(options: ApiClientOptions): Client<paths> {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(options.mode === 'bearer' ? bearer(options.apiKey) : signed(options));
  return client;
}

function bearer(apiKey: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${apiKey}`);
      return request;
    },
  };
}

function signed({ apiId, apiKey }: SigningCredential): Middleware {
  const key = signingKey(apiKey);
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = new Uint8Array(await request.clone().arrayBuffer());
      const headers = await signatureHeaders(apiId, await key, {
        method: request.method,
        path: `${url.pathname}${url.search}`,
        body,
      });
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return request;
    },
  };
}
