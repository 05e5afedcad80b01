import { createHash, randomBytes } from 'node:crypto';
import type { DriverManifest } from '../driver.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The Authorization header a phone sends in answer to a digest challenge (RFC 7616, MD5, qop=auth). */
export function answerDigestChallenge(
  wwwAuthenticate: string,
  credentials: { username: string; password: string },
  method: string,
  uri: string,
  nc = 1,
): string {
  const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(wwwAuthenticate)?.[1] ?? '';
  const realm = field('realm');
  const nonce = field('nonce');
  const cnonce = randomBytes(8).toString('hex');
  const count = nc.toString(16).padStart(8, '0');
  const ha1 = md5(`${credentials.username}:${realm}:${credentials.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const response = md5(`${ha1}:${nonce}:${count}:${cnonce}:auth:${ha2}`);
  return `Digest username="${credentials.username}", realm="${realm}", nonce="${nonce}", uri="${uri}", qop=auth, nc=${count}, cnonce="${cnonce}", response="${response}", algorithm=MD5`;
}

export interface SimulatedPhoneOptions {
  driver: DriverManifest;
  model: string;
  mac: string;
  firmware: string;
  /** Provisioning base URL, e.g. `http://127.0.0.1:8080/prov`. */
  provisioningUrl: string;
  credentials?: { username: string; password: string };
  /** The User-Agent the phone sends; by default the driver's first sample with this phone's values. */
  userAgent?: string;
}

export interface FetchResult {
  status: number;
  body: string;
  etag: string | undefined;
  values: Map<string, string>;
  /** Requests it took (2 when a digest challenge was answered). */
  requests: number;
}

/**
 * A phone speaking real HTTP provisioning: asks for its driver's device file with its User-Agent,
 * answers a digest challenge with its credentials, keeps the ETag for conditional fetches.
 */
export class SimulatedPhone {
  private etag: string | undefined;
  private nc = 0;

  constructor(readonly options: SimulatedPhoneOptions) {}

  get userAgent(): string {
    if (this.options.userAgent) return this.options.userAgent;
    const sample = this.options.driver.sampleUserAgents.find((s) => s.identity.mac);
    if (!sample?.identity.mac)
      throw new Error(`driver ${this.options.driver.id} has no sample User-Agent with a MAC`);
    const withColons = (mac: string) => mac.match(/.{2}/g)?.join(':') ?? mac;
    return sample.userAgent
      .replace(sample.identity.model, this.options.model)
      .replace(sample.identity.firmware ?? '', this.options.firmware)
      .replace(
        new RegExp(`${sample.identity.mac}|${withColons(sample.identity.mac)}`, 'i'),
        this.options.mac,
      );
  }

  get fileName(): string {
    const file = this.options.driver.files.find((f) => f.name.includes('{mac}'));
    if (!file) throw new Error(`driver ${this.options.driver.id} has no device file`);
    return file.name.replace('{mac}', this.options.mac);
  }

  async fetchConfig(options: { conditional?: boolean } = {}): Promise<FetchResult> {
    const url = new URL(`${this.options.provisioningUrl.replace(/\/$/, '')}/${this.fileName}`);
    const headers: Record<string, string> = { 'User-Agent': this.userAgent };
    if (options.conditional && this.etag) headers['If-None-Match'] = this.etag;
    let response = await fetch(url, { headers });
    let requests = 1;
    const challenge = response.headers.get('www-authenticate');
    if (response.status === 401 && challenge && this.options.credentials) {
      await response.arrayBuffer();
      this.nc += 1;
      headers.Authorization = answerDigestChallenge(
        challenge,
        this.options.credentials,
        'GET',
        url.pathname,
        this.nc,
      );
      response = await fetch(url, { headers });
      requests += 1;
    }
    const body = await response.text();
    const etag = response.headers.get('etag') ?? undefined;
    if (response.status === 200) this.etag = etag;
    return {
      status: response.status,
      body,
      etag,
      values: response.status === 200 ? this.options.driver.parse(body) : new Map(),
      requests,
    };
  }
}
