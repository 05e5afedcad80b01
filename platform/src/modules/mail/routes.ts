import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { SessionInfo } from '../auth/session-info.js';
import type { MailService } from './mail-service.js';
import { readSettings, saveSettings } from './mail-settings.js';
import { type SaveMailSettings, saveMailSettingsBody, testMailBody } from './schemas.js';

/**
 * The email server settings (spec §7 Email): only the administrator of a LAN deployment sees them
 * (spec §6); anyone else is answered as for a route that does not exist.
 */
export function mailRoutes({
  mailService,
  config,
  db,
}: {
  mailService: MailService;
  config: ConsoleConfig;
  db: Database;
}): RouteDefinition[] {
  const onlyLanAdministrator = (session: SessionInfo) => {
    if (config.deployment !== 'lan' || session.login.user.userType !== 'admin') throw AppError.notFound();
  };
  const checked = (body: SaveMailSettings) => {
    // Spec §5: 'Email form requires server and user' (when mail is on).
    if (body.isFlag && !body.mailServer) throw AppError.invalid('fieldRequired', 'mailServer');
    if (body.isFlag && !body.mailUser) throw AppError.invalid('fieldRequired', 'mailUser');
    return {
      enabled: body.isFlag,
      server: body.mailServer,
      port: body.mailPort,
      userName: body.mailUser,
      password: body.mailPass || undefined,
      tls: body.isTls,
    };
  };
  return [
    defineRoute({
      method: 'get',
      path: '/emailConfig/query',
      summary: 'Email server settings (the password is never returned), with the messages still waiting',
      access: 'session',
      handler: async ({ session }) => {
        onlyLanAdministrator(session);
        return { rows: [await mailService.view()] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/emailConfig/save',
      summary: 'Save the email server settings; an empty password keeps the stored one',
      access: 'session',
      body: saveMailSettingsBody,
      handler: async ({ session, body }) => {
        onlyLanAdministrator(session);
        await saveSettings(db, checked(body));
        return { rows: [await mailService.view()] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/emailConfig/test',
      summary: 'Send a test email now with the settings in the form (an empty password uses the stored one)',
      access: 'session',
      body: testMailBody,
      handler: async ({ session, body }) => {
        onlyLanAdministrator(session);
        const settings = checked({ ...body, isFlag: true });
        const stored = await readSettings(db);
        const failure = await mailService.sendNow(
          { ...settings, password: settings.password ?? stored.password },
          body.to,
          'PhoneFleet test email',
          'This is a test email from the PhoneFleet console: its email server settings work.',
        );
        if (failure) throw AppError.invalid('mailTestFailed', failure);
        return { rows: [], messageKey: 'mailTestSent' };
      },
    }),
  ];
}
