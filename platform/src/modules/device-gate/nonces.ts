import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a nonce answers; a phone asked again after that gets `stale=true` and retries. */
export const NONCE_SECONDS = 300;

/**
 * The digest nonces of this running instance. A nonce is `<time>-<random>.<incarnation>.<signature>`:
 * a timestamp and this process's incarnation, signed with the address it was given to, so a header
 * captured on the wire does not work from another address. Each use must raise the nonce's `nc`;
 * the highest seen is kept here, in memory, which is sound across instances because a nonce only
 * answers at the incarnation that issued it: another instance (or this one after a restart, with a
 * new incarnation) answers it `stale`, and the phone retries with a fresh nonce at once (RFC 7616).
 * So a replay is refused everywhere, and a restart loses nothing but one round trip per phone.
 */
export class NonceBook {
  private readonly incarnation = randomBytes(6).toString('base64url');
  /** Highest `nc` per nonce, in order of first use; entries go once their nonce has expired. */
  private readonly uses = new Map<string, { nc: number; expiresAt: number }>();

  constructor(private readonly secret: string) {}

  issue(address: string, now = Date.now()): string {
    const stamp = `${Math.floor(now / 1000).toString(36)}-${randomBytes(6).toString('base64url')}`;
    return `${stamp}.${this.incarnation}.${this.sign(`${stamp}.${this.incarnation}`, address)}`;
  }

  /** 'valid', 'stale' (signed by the console, but expired or of another incarnation) or 'invalid'. */
  judge(nonce: string, address: string, now = Date.now()): 'valid' | 'stale' | 'invalid' {
    const [stamp, incarnation, signature] = nonce.split('.');
    if (!stamp || !incarnation || !signature) return 'invalid';
    const expected = this.sign(`${stamp}.${incarnation}`, address);
    if (
      expected.length !== signature.length ||
      !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    ) {
      return 'invalid';
    }
    if (incarnation !== this.incarnation) return 'stale';
    const age = now / 1000 - this.issuedAt(stamp);
    return age >= 0 && age <= NONCE_SECONDS ? 'valid' : 'stale';
  }

  /** Records a use of a valid nonce: false when `nc` is not above every earlier use (a replay). */
  use(nonce: string, nc: number, now = Date.now()): boolean {
    this.forgetExpired(now);
    const used = this.uses.get(nonce);
    if (used && used.nc >= nc) return false;
    if (used) used.nc = nc;
    else {
      const issuedAt = this.issuedAt(nonce.split('-')[0] ?? '');
      this.uses.set(nonce, { nc, expiresAt: (issuedAt + NONCE_SECONDS) * 1000 });
    }
    return true;
  }

  private forgetExpired(now: number): void {
    // First use comes within a nonce's lifetime of its issue, so the oldest uses expire first, near enough.
    for (const [nonce, { expiresAt }] of this.uses) {
      if (expiresAt > now) return;
      this.uses.delete(nonce);
    }
  }

  private issuedAt(stamp: string): number {
    return Number.parseInt(stamp.split('-')[0] ?? '', 36);
  }

  private sign(stamp: string, address: string): string {
    return createHmac('sha256', this.secret).update(`${stamp}|${address}`).digest('base64url').slice(0, 22);
  }
}
