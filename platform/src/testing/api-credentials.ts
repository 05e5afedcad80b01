import { signatureHeaders, signingKey } from '@phonefleet/sdk/api-client';
import { ApiClient, type ApiReply } from './test-console.js';

/**
 * A route-test client that signs every call with an API credential instead of a session cookie
 * (docs/api-service.md): the route walks of tenancy.test.ts run with it unchanged. A multipart
 * upload is signed over an empty body, as the docs say.
 */
export class SignedApiClient extends ApiClient {
  private readonly key: Promise<CryptoKey>;

  constructor(
    private readonly url: string,
    private readonly apiId: string,
    apiKey: string,
  ) {
    super(url);
    this.key = signingKey(apiKey);
  }

  override async call<Row = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiReply<Row>> {
    const sent =
      body === undefined || body instanceof FormData || typeof body === 'string'
        ? body
        : JSON.stringify(body);
    const signed = await signatureHeaders(this.apiId, await this.key, {
      method,
      path: new URL(`${this.url}/api${path}`).pathname + new URL(`${this.url}/api${path}`).search,
      body: new TextEncoder().encode(typeof sent === 'string' ? sent : ''),
    });
    return super.call<Row>(method, path, sent, { ...signed, ...headers });
  }
}
