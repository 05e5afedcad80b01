import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Plug-and-play SUBSCRIBEs answered per source address in a window. A phone sends one transaction
 * per boot (its retransmissions are answered by the SIP transaction layer); the limit leaves room
 * for a phone rebooting in a loop and still bounds what a flooding host gets back.
 */
export const SUBSCRIBES_PER_ADDRESS = 20;
export const SUBSCRIBE_WINDOW_SECONDS = 60;

/**
 * The per-address limit on plug-and-play SUBSCRIBEs (docs/zero-touch.md "Rate limit"), kept in this
 * instance's memory: every instance hears the same multicast and counts it alike, the check comes
 * before the database is asked (a flood costs no statement), and its counts are no work to keep
 * across a restart.
 */
export class SubscribeLimit {
  private readonly limiter = new RateLimiterMemory({
    keyPrefix: 'pnp-subscribe',
    points: SUBSCRIBES_PER_ADDRESS,
    duration: SUBSCRIBE_WINDOW_SECONDS,
  });
  /** SUBSCRIBEs left unanswered because their address was over the limit (each datagram counts). */
  refused = 0;

  constructor(private readonly logger: Logger) {}

  /** Whether a SUBSCRIBE from `address` is answered; the first refusal of an address in a window is logged. */
  async allows(address: string): Promise<boolean> {
    try {
      await this.limiter.consume(address);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      this.refused += 1;
      if (error.consumedPoints === SUBSCRIBES_PER_ADDRESS + 1) {
        this.logger.warn(
          {
            address,
            limit: SUBSCRIBES_PER_ADDRESS,
            windowSeconds: SUBSCRIBE_WINDOW_SECONDS,
            answeredAgainInSeconds: Math.ceil(error.msBeforeNext / 1000),
          },
          'plug-and-play SUBSCRIBEs from this address are over the limit: left unanswered until the window ends',
        );
      }
      return false;
    }
  }
}
