import { importReply } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx, XLSX_UPLOAD } from '../../http/xlsx.js';
import { idQuery, idsBody } from '../sites/fleet-common.js';
import type { SipAccountImport } from './account-import.js';
import type { BindingService } from './binding-service.js';
import {
  addAccountBody,
  addServerBody,
  assignBody,
  assignOneBody,
  listAccountQuery,
  searchAccountsBody,
  searchServersBody,
  unassignBody,
  updateAccountBody,
  updateServerBody,
} from './schemas.js';
import type { SipAccountService } from './sip-account-service.js';
import type { SipServerService } from './sip-server-service.js';

/** SIP servers, accounts and the lines of devices (docs/sip.md lists the calls). */
export function sipRoutes({
  sipServerService,
  sipAccountService,
  sipAccountImport,
  bindingService,
}: {
  sipServerService: SipServerService;
  sipAccountService: SipAccountService;
  sipAccountImport: SipAccountImport;
  bindingService: BindingService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/tb-sip-server/search',
      summary: 'Paged SIP servers: keywords (name, address), site subtree, sort (default createTime asc)',
      access: { power: 'sipServer' },
      body: searchServersBody,
      handler: async ({ body, session }) => ({ rows: [await sipServerService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-sip-server/query',
      summary: 'One SIP server',
      access: { power: 'sipServer' },
      query: idQuery,
      handler: async ({ query, session }) => ({
        rows: [await sipServerService.get(session.scope, query.id)],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-sip-server/options',
      summary: 'SIP servers for the account form’s picker',
      access: { power: 'sipAccount' },
      handler: async ({ session }) => ({ rows: await sipServerService.options(session.scope) }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-server/add',
      summary: 'Add a SIP server at a site (spec §9 defaults for what is left out)',
      access: { power: 'sipServer', button: 'add' },
      body: addServerBody,
      handler: async ({ body, session }) => ({ rows: [await sipServerService.add(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-server/update',
      summary:
        'Edit a SIP server; another site unbinds its accounts from devices outside it (rows[0].unbound)',
      access: { power: 'sipServer', button: 'edit' },
      body: updateServerBody,
      handler: async ({ body, session }) => ({ rows: [await sipServerService.update(session.scope, body)] }),
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-sip-server/remove',
      summary: 'Delete SIP servers with all their accounts (rows[0].accounts: how many)',
      access: { power: 'sipServer', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => ({
        rows: [await sipServerService.remove(session.scope, body.ids)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-account/search',
      summary: 'Paged SIP accounts with status and binding: keywords, site subtree, status, server, sort',
      access: { power: 'sipAccount' },
      body: searchAccountsBody,
      handler: async ({ body, session }) => ({ rows: [await sipAccountService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-sip-account/query',
      summary: 'One SIP account (never its password: hasPassword says whether one is stored)',
      access: { power: 'sipAccount' },
      query: idQuery,
      handler: async ({ query, session }) => ({
        rows: [await sipAccountService.get(session.scope, query.id)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-account/add',
      summary: 'Add a SIP account on a server, at a site in the server’s site subtree',
      access: { power: 'sipAccount', button: 'add' },
      body: addAccountBody,
      handler: async ({ body, session }) => ({ rows: [await sipAccountService.add(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-account/update',
      summary: 'Edit a SIP account; an empty password keeps the stored one (rows[0].unbound: lines unbound)',
      access: { power: 'sipAccount', button: 'edit' },
      body: updateAccountBody,
      handler: async ({ body, session }) => ({ rows: [await sipAccountService.update(session.scope, body)] }),
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-sip-account/remove',
      summary: 'Delete SIP accounts; their devices lose those lines',
      access: { power: 'sipAccount', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await sipAccountService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-account/unbind',
      summary: 'Unbind SIP accounts from their devices',
      access: { power: 'sipAccount', button: 'assign' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await sipAccountService.unbind(session.scope, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-account/import',
      summary:
        'Import SIP accounts from an xlsx (multipart `file`): refused rows answered with why; totalRows = data rows read',
      access: { power: 'sipAccount', button: 'import' },
      upload: XLSX_UPLOAD,
      handler: async ({ file, session, ctx }) => {
        const language = (ctx.state.request as RequestState).language;
        return importReply(await sipAccountImport.import(session.scope, file.bytes, language));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tb-sip-account/template',
      summary: 'The SIP account import template (xlsx)',
      access: { power: 'sipAccount', button: 'import' },
      handler: async ({ ctx }) =>
        sendXlsx(ctx, 'sip-account-template.xlsx', await sipAccountImport.template()),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-sip-account/export',
      summary: 'The SIP account list for the same filters and order, as xlsx (no passwords)',
      access: { power: 'sipAccount', button: 'export' },
      body: searchAccountsBody,
      handler: async ({ body, session, ctx }) =>
        sendXlsx(ctx, 'sip-accounts.xlsx', await sipAccountImport.export(session.scope, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/device/listDeviceAccount',
      summary: 'A device’s lines with their accounts and registration, and how many lines its model holds',
      access: { power: 'deviceManagement' },
      query: idQuery,
      handler: async ({ query, session }) => ({
        rows: [await bindingService.lines(session.scope, query.id)],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/device/getAccoutnStatus',
      summary:
        'A device’s account status and each line’s registration, failure and report time (spec §7 spelling)',
      access: { power: 'deviceManagement' },
      query: idQuery,
      handler: async ({ query, session }) => {
        const lines = await bindingService.lines(session.scope, query.id);
        return {
          rows: [
            {
              accountStatus: lines.accountStatus,
              lines: lines.lines.map(({ line, status, failure, reportedAt }) => ({
                line,
                status,
                failure,
                reportedAt,
              })),
            },
          ],
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/device/listAccount',
      summary: 'Accounts a device can take (its organisation, its site and its server’s), bound ones last',
      access: { power: 'sipAccount' },
      query: listAccountQuery,
      handler: async ({ query, session }) => ({ rows: await bindingService.options(session.scope, query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/accountAssignOne',
      summary:
        'Bind an account to a device line; 40900 with the conflicts when it is bound elsewhere (force moves it)',
      access: { power: 'sipAccount', button: 'assign' },
      body: assignOneBody,
      handler: async ({ body, session }) => ({
        rows: [await bindingService.assign(session.scope, [body], body.force)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/accountAssign',
      summary:
        'Bind accounts to device lines in one call (all or nothing); 40900 with the conflicts unless force',
      access: { power: 'sipAccount', button: 'assign' },
      body: assignBody,
      handler: async ({ body, session }) => ({
        rows: [await bindingService.assign(session.scope, body.assignments, body.force)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/accountUnassign',
      summary: 'Unbind device lines',
      access: { power: 'sipAccount', button: 'assign' },
      body: unassignBody,
      handler: async ({ body, session }) => ({
        rows: [await bindingService.unassign(session.scope, body.bindings)],
      }),
    }),
  ];
}
