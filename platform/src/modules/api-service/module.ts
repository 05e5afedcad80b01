import { defineModule, service } from '../../module.js';
import { CredentialAuth } from './credential-auth.js';
import { CredentialService } from './credential-service.js';
import { apiCredentials } from './migrations/0036-api-credentials.js';
import { apiServiceRoutes } from './routes.js';

/** API credentials and the API's signed and bearer authentication (docs/api-service.md). */
export const apiServiceModule = defineModule({
  id: 'api-service',
  services: {
    credentialService: service(CredentialService),
    credentialAuth: service(CredentialAuth),
  },
  routes: apiServiceRoutes,
  jobs: ({ credentialAuth }: { credentialAuth: CredentialAuth }) => [
    { name: 'api-nonce-sweep', everyMs: 60_000, run: () => credentialAuth.sweepNonces() },
  ],
  migrations: [apiCredentials],
  backup: { transient: ['api_request_nonces'] },
});
