import { defineModule, service } from '../../module.js';
import { pnpClaims } from './migrations/0037-pnp-claims.js';
import { PnpResponder } from './pnp-responder.js';

/** SIP plug-and-play on the LAN: phones booting without a URL are told the console's (docs/zero-touch.md). */
export const pnpModule = defineModule({
  id: 'pnp',
  services: {
    pnpResponder: service(PnpResponder, {
      start: (responder) => responder.start(),
      dispose: (responder) => responder.dispose(),
    }),
  },
  jobs: ({ pnpResponder }: { pnpResponder: PnpResponder }) => [
    { name: 'pnp-claims-sweep', everyMs: 60_000, run: () => pnpResponder.sweepClaims() },
  ],
  migrations: [pnpClaims],
  backup: { transient: ['pnp_claims'] },
});
