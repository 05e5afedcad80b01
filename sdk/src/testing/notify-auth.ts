import { randomBytes } from 'node:crypto';
import { readLines } from '../lines.js';
import { type DigestCredentials, digestAnswerMatches, parseDigestAuthorization } from '../sip/digest.js';
import type { SipRequest, SipResponseInit } from '../sip/message.js';

/** How a simulated phone authenticates NOTIFY, as a Cisco MPP phone does (docs/phone-simulator.md). */
export interface NotifyAuthOptions {
  /** The realm of its challenge; `phone` by default. */
  realm?: string;
  /** Whom it accepts; by default line 1 of its last file (RegisterName, else UserName, and Password). */
  credentials?: DigestCredentials;
}

/** Nonces a phone remembers: a NOTIFY signed with an older one is challenged again. */
const KEPT_NONCES = 16;

/**
 * A NOTIFY is acted on only when it carries an `Authorization` answering one of this phone's
 * nonces (qop=auth, MD5) with the expected credentials for this very Request-URI; anything else is
 * answered 401 with a fresh challenge. Each nonce signs one NOTIFY.
 */
export class NotifyAuthenticator {
  private readonly nonces: string[] = [];
  /** NOTIFYs it refused: unsigned ones and wrongly signed ones. */
  challenges = 0;
  /** Signed NOTIFYs whose signature was wrong. */
  badSignatures = 0;

  constructor(
    private readonly options: NotifyAuthOptions,
    private readonly fileValues: () => ReadonlyMap<string, string> | undefined,
  ) {}

  /** Undefined when the NOTIFY is correctly signed, else the 401 to answer it with. */
  check(request: SipRequest, headers: Record<string, string>): SipResponseInit | undefined {
    const header = request.headers.get('Authorization');
    if (header !== undefined) {
      const answer = parseDigestAuthorization(header);
      const credentials = this.credentials();
      const index = answer ? this.nonces.indexOf(answer.nonce) : -1;
      if (answer && credentials && index >= 0 && answer.uri === request.uri && answer.realm === this.realm) {
        if (digestAnswerMatches(answer, credentials, request.method)) {
          this.nonces.splice(index, 1);
          return undefined;
        }
      }
      this.badSignatures += 1;
    }
    this.challenges += 1;
    const nonce = randomBytes(12).toString('hex');
    this.nonces.push(nonce);
    if (this.nonces.length > KEPT_NONCES) this.nonces.shift();
    return {
      status: 401,
      reason: 'Unauthorized',
      headers: {
        ...headers,
        'WWW-Authenticate': `Digest realm="${this.realm}", nonce="${nonce}", qop="auth", algorithm=MD5`,
      },
    };
  }

  private get realm(): string {
    return this.options.realm ?? 'phone';
  }

  private credentials(): DigestCredentials | undefined {
    if (this.options.credentials) return this.options.credentials;
    const line = readLines(this.fileValues() ?? new Map()).find((entry) => entry.line === 1)?.values;
    const username = line?.RegisterName || line?.UserName;
    return username ? { username, password: line?.Password ?? '' } : undefined;
  }
}
