import type { Readable } from 'node:stream';
import { type Language, type SipAccountImportFailure, translate } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { readSheetRows, type SheetRow, streamingWorkbook, templateWorkbook } from '../../http/xlsx.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type AccountSearch, addAccountBody } from './schemas.js';
import type { SipAccountService } from './sip-account-service.js';

export const ACCOUNT_IMPORT_COLUMNS = [
  { key: 'labelName', header: 'Label' },
  { key: 'registerName', header: 'Register Name' },
  { key: 'password', header: 'Password' },
  { key: 'displayName', header: 'Display Name' },
  { key: 'userName', header: 'User Name' },
  { key: 'server', header: 'SIP Server' },
  { key: 'model', header: 'Model' },
  { key: 'site', header: 'Site' },
] as const;
type ImportKey = (typeof ACCOUNT_IMPORT_COLUMNS)[number]['key'];
const REQUIRED: ImportKey[] = ['registerName', 'userName', 'server', 'site'];
export const ACCOUNT_IMPORT_MAX_ROWS = 100_000;
const EXPORT_MAX_ROWS = 100_000;
const STATUS_NAMES = ['Unassigned', 'Registered', 'Unregistered'];

interface Named {
  id: string;
  org_id: string;
  path: string;
  wanted: string;
}

/** The account list's Excel side: import (valid rows in one set-based insert), template, export. */
export class SipAccountImport {
  private readonly db: Database;
  private readonly sipAccountService: SipAccountService;

  constructor({ db, sipAccountService }: { db: Database; sipAccountService: SipAccountService }) {
    this.db = db;
    this.sipAccountService = sipAccountService;
  }

  /** `read` data rows, each imported or in `failed` once. */
  async import(
    scope: TenantScope,
    bytes: Buffer,
    language: Language,
  ): Promise<{ read: number; failed: SipAccountImportFailure[] }> {
    const rows = await readSheetRows(bytes, {
      columns: ACCOUNT_IMPORT_COLUMNS,
      required: REQUIRED,
      maxRows: ACCOUNT_IMPORT_MAX_ROWS,
    });
    if (!rows.length) throw AppError.invalid('incorrectFormat', 'no rows');
    const failed: SipAccountImportFailure[] = [];
    const fail = (row: SheetRow<ImportKey>, reason: Parameters<typeof translate>[0]) =>
      failed.push({ row: row.row, userName: row.userName, reason: translate(reason, language) });
    const sites = await this.named(
      scope,
      'sites s',
      's.path',
      '{site:s}',
      rows.map((r) => r.site),
    );
    const servers = await this.named(
      scope,
      'sip_servers s JOIN sites sv ON sv.id = s.site_id',
      'sv.path',
      '{scope:s.org_id} AND {sites:s.site_id}',
      rows.map((r) => r.server),
    );
    const valid: { row: SheetRow<ImportKey>; orgId: string; siteId: string; serverId: string }[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const site = sites.get(row.site.toLowerCase());
      const server = servers.get(row.server.toLowerCase());
      if (!server) {
        fail(row, 'sipServerNotFound');
        continue;
      }
      if (!site || site.length > 1 || server.length > 1) {
        fail(row, site && site.length > 1 ? 'siteAmbiguous' : 'siteNotFound');
        continue;
      }
      const [s] = site;
      const [v] = server;
      if (!s || !v || s.org_id !== v.org_id) {
        fail(row, 'siteNotFound');
        continue;
      }
      if (!s.path.startsWith(v.path)) {
        fail(row, 'sipAccountOutsideServerSite');
        continue;
      }
      const parsed = addAccountBody.safeParse({ ...row, serverId: Number(v.id), siteId: Number(s.id) });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'invalidFormat';
        fail(
          row,
          message in { fieldRequired: 1, nameTooLong: 1 } ? (message as 'fieldRequired') : 'invalidFormat',
        );
        continue;
      }
      const key = `${v.id}:${row.userName.toLowerCase()}`;
      if (seen.has(key)) {
        fail(row, 'sipAccountImportDuplicate');
        continue;
      }
      seen.add(key);
      valid.push({ row, orgId: s.org_id, siteId: s.id, serverId: v.id });
    }
    if (valid.length) {
      const inserted = await this.db.query<{ key: string }>(
        `INSERT INTO sip_accounts (org_id, site_id, server_id, label_name, register_name, password, display_name,
                                   user_name, model)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[],
                              $7::text[], $8::text[], $9::text[])
         ON CONFLICT (server_id, lower(user_name)) DO NOTHING
         RETURNING server_id || ':' || lower(user_name) AS key`,
        [
          valid.map((v) => v.orgId),
          valid.map((v) => v.siteId),
          valid.map((v) => v.serverId),
          valid.map((v) => v.row.labelName),
          valid.map((v) => v.row.registerName),
          valid.map((v) => v.row.password),
          valid.map((v) => v.row.displayName),
          valid.map((v) => v.row.userName),
          valid.map((v) => v.row.model),
        ],
      );
      const keys = new Set(inserted.map((row) => row.key));
      for (const v of valid)
        if (!keys.has(`${v.serverId}:${v.row.userName.toLowerCase()}`))
          fail(v.row, 'sipAccountImportDuplicate');
    }
    return { read: rows.length, failed: failed.sort((a, b) => a.row - b.row) };
  }

  /** Rows of `table` in scope whose name is one of `names`, by lower-case name. */
  private async named(
    scope: TenantScope,
    table: string,
    path: string,
    condition: string,
    names: string[],
  ): Promise<Map<string, Named[]>> {
    const wanted = [...new Set(names.filter(Boolean).map((name) => name.toLowerCase()))];
    const found = await scope.query<Named>(
      this.db,
      `SELECT s.id, s.org_id, ${path} AS path, t.wanted FROM unnest($1::text[]) AS t(wanted)
         JOIN ${table} ON lower(s.name) = t.wanted WHERE ${condition}`,
      [wanted],
    );
    const byName = new Map<string, Named[]>();
    for (const row of found) byName.set(row.wanted, [...(byName.get(row.wanted) ?? []), row]);
    return byName;
  }

  template(): Promise<Buffer> {
    return templateWorkbook('SIP accounts', ACCOUNT_IMPORT_COLUMNS, {
      labelName: 'Reception',
      registerName: '1001',
      password: 'change-me',
      displayName: 'Reception',
      userName: '1001',
      server: 'PBX',
      model: '',
      site: 'Default',
    });
  }

  /** The list for the same filters and order, without passwords; the import columns first. */
  async export(scope: TenantScope, query: AccountSearch): Promise<Readable> {
    const { stream, workbook } = await streamingWorkbook();
    const sheet = workbook.addWorksheet('SIP accounts');
    sheet.columns = [
      ...ACCOUNT_IMPORT_COLUMNS.filter((c) => c.key !== 'password').map(({ key, header }) => ({
        key,
        header,
        width: 20,
      })),
      { key: 'status', header: 'Status', width: 14 },
      { key: 'mac', header: 'MAC Address', width: 20 },
      { key: 'line', header: 'Line', width: 8 },
    ];
    void (async () => {
      try {
        for (const account of await this.sipAccountService.exportRows(scope, query, EXPORT_MAX_ROWS)) {
          sheet
            .addRow({
              labelName: account.labelName,
              registerName: account.registerName,
              displayName: account.displayName,
              userName: account.userName,
              server: account.serverName,
              model: account.model,
              site: account.siteName,
              status: STATUS_NAMES[account.status] ?? String(account.status),
              mac: account.binding?.macAddress ?? '',
              line: account.binding?.line ?? '',
            })
            .commit();
        }
        sheet.commit();
        await workbook.commit();
      } catch (error) {
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    })();
    return stream;
  }
}
