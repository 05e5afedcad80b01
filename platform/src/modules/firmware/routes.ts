import { FIRMWARE_EXTENSIONS, FIRMWARE_MAX_BYTES } from '@phonefleet/sdk';
import { z } from 'zod';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { hasButton, type SessionInfo } from '../auth/session-info.js';
import type { FileStore } from '../files/file-store.js';
import { idQuery, idsBody } from '../sites/fleet-common.js';
import { callerOf } from '../tasks/routes.js';
import type { FirmwareService } from './firmware-service.js';
import {
  firmwareFormBody,
  firmwareUpgradeBody,
  isRepeatBody,
  newVersionNotifyBody,
  searchFirmwareBody,
  upgradeVersionsBody,
} from './schemas.js';

const removeBody = idsBody.extend({ official: z.boolean().default(false) });

/**
 * The button a write takes besides the route's: `edit` to change, `delete`; on the official list the
 * `adminFirmware` resource's as well (and platform scope, checked by the service).
 */
function requireButton(session: SessionInfo, official: boolean, button: string): void {
  if (!hasButton(session, 'firmware', button)) throw AppError.forbidden();
  if (official && !hasButton(session, 'adminFirmware', button)) throw AppError.forbidden();
}

/** Firmware (docs/firmware.md): the customer list (`firmware`) and the official one (`adminFirmware`). */
export function firmwareRoutes({
  firmwareService,
  fileStore,
}: {
  firmwareService: FirmwareService;
  fileStore: FileStore;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/tb-firmware/selectFrimware',
      summary: 'Paged firmware: the official list or the caller’s customer firmware; keywords, model, sort',
      access: { power: 'firmware' },
      body: searchFirmwareBody,
      handler: async ({ body, session }) => ({ rows: [await firmwareService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-firmware/selectFrimwareById',
      summary: 'One firmware the caller can see (official, or its organisations’)',
      access: { power: 'firmware' },
      query: idQuery,
      handler: async ({ query, session }) => ({ rows: [await firmwareService.get(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-firmware/selectFiltList',
      summary: 'The models a firmware can be for (those of the loaded drivers)',
      access: { power: 'firmware' },
      handler: async () => ({ rows: firmwareService.models() }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-firmware/isRepeat',
      summary: 'Whether a version is already in the list (official, or the caller’s)',
      access: { power: 'firmware' },
      body: isRepeatBody,
      handler: async ({ body, session }) => ({
        rows: [
          {
            repeat: await firmwareService.versionTaken(
              session.scope,
              body.firmwareVersion,
              body.official,
              body.id,
            ),
          },
        ],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-firmware/addOrEditFirmware',
      summary:
        'Add a firmware with its image (multipart `file`, streamed into the file store), or edit one (`id`; the file is then optional)',
      // Only a role that may upload streams bytes in; a change also takes `edit` (checked below).
      access: { power: 'firmware', button: 'upload' },
      upload: {
        maxBytes: FIRMWARE_MAX_BYTES,
        extensions: FIRMWARE_EXTENSIONS,
        store: fileStore,
        optional: true,
      },
      body: firmwareFormBody,
      handler: async ({ body, file, session }) => {
        if (body.id !== undefined) requireButton(session, body.official, 'edit');
        if (body.official) requireButton(session, true, 'upload');
        return { rows: [await firmwareService.save(session.scope, body, file)] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-firmware/deleteFirmware',
      summary: 'Delete firmware with their images; refused while a task that has not finished uses one',
      access: { power: 'firmware', button: 'delete' },
      body: removeBody,
      handler: async ({ body, session }) => {
        requireButton(session, body.official, 'delete');
        await firmwareService.remove(session.scope, body.ids, body.official);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-firmware/firmwareUpgrade',
      summary:
        'Upgrade devices to a firmware: a type 3 task, now (type 1) or at beginTime (type 2); success when the phone reports the version',
      access: { power: 'firmware', button: 'upgrade' },
      body: firmwareUpgradeBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await firmwareService.upgrade(callerOf(session, ctx), body.firmwareId, body)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/firmwareUpgrade',
      summary: 'The device list’s firmware upgrade: the same task as /tb-firmware/firmwareUpgrade',
      access: { power: 'deviceManagement', button: 'upgrade' },
      body: firmwareUpgradeBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await firmwareService.upgrade(callerOf(session, ctx), body.firmwareId, body)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-version-notification/subscribe/newVersionNotify',
      summary:
        'The models the caller wants a message for when a newer firmware for them appears (replaces the set)',
      access: { power: 'firmware' },
      body: newVersionNotifyBody,
      handler: async ({ body, session }) => {
        await firmwareService.notifications.subscribe(session.login.user.id, body.models);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tb-version-notification/searchNotifiedModels',
      summary: 'The models the caller is notified of',
      access: { power: 'firmware' },
      handler: async ({ session }) => ({
        rows: await firmwareService.notifications.models(session.login.user.id),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-firmware/selectUpgradeVersionList',
      summary: 'Firmware every one of the devices’ models takes, newest first',
      access: { power: 'firmware' },
      body: upgradeVersionsBody,
      handler: async ({ body, session }) => ({
        rows: await firmwareService.upgradeVersions(session.scope, body.deviceIds),
      }),
    }),
  ];
}
