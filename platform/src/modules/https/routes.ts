import type { ConsoleConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { SessionInfo } from '../auth/session-info.js';
import { readCertificateForm } from './certificate-form.js';
import type { HttpsService } from './https-service.js';

/**
 * The HTTP/HTTPS setting (spec §3, §7): only the administrator of a LAN deployment sees it (spec §6);
 * anyone else is answered as for a route that does not exist.
 */
export function httpsRoutes({
  httpsService,
  config,
}: {
  httpsService: HttpsService;
  config: ConsoleConfig;
}): RouteDefinition[] {
  const onlyLanAdministrator = (session: SessionInfo) => {
    if (config.deployment !== 'lan' || session.login.user.userType !== 'admin') throw AppError.notFound();
  };
  return [
    defineRoute({
      method: 'get',
      path: '/common/httpCA',
      summary: 'The HTTP/HTTPS setting: protocol, port and the certificate in force (never the key)',
      access: 'session',
      handler: async ({ session }) => {
        onlyLanAdministrator(session);
        return { rows: [await httpsService.view()] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/common/setHttpCA',
      summary:
        'Switch between HTTP (port) and HTTPS (port, pemFile, keyFile, caFile; multipart), applied at once on every instance',
      access: 'session',
      handler: async ({ session, ctx }) => {
        onlyLanAdministrator(session);
        const facts = await httpsService.save(await readCertificateForm(ctx));
        return {
          rows: [await httpsService.view()],
          messageKey: facts?.expired ? 'httpsSavedExpired' : 'httpsSaved',
        };
      },
    }),
  ];
}
