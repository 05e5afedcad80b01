import { renderConfig } from '@phonefleet/sdk';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { hasButton, type SessionInfo } from '../auth/session-info.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { ConfigurationService } from './configuration-service.js';
import { powerFor } from './configuration-service.js';
import {
  configToTextBody,
  downloadParams,
  dynamicParameterBody,
  effectiveQuery,
  type RelationName,
  relationQuery,
  saveParamBody,
  textToConfigBody,
} from './schemas.js';

function requirePower(session: SessionInfo, relation: RelationName): void {
  if (!session.powers.has(powerFor(relation))) throw AppError.forbidden();
}

/**
 * Saving parameters needs the relation's permission button too: 'setParam' on devices, sites,
 * groups and model templates, 'edit' on the global configuration and on SIP accounts (which have
 * no setParam button).
 */
function requireSaveButton(session: SessionInfo, relation: RelationName): void {
  requirePower(session, relation);
  const button = relation === 'global' || relation === 'account' ? 'edit' : 'setParam';
  if (!hasButton(session, powerFor(relation), button)) throw AppError.forbidden();
}

export function configurationRoutes({
  configurationService,
  driverRegistry,
}: {
  configurationService: ConfigurationService;
  driverRegistry: DriverRegistry;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/tb-config/saveParam',
      summary: 'Save a relation’s parameters; every value is validated and any error rejects the whole save',
      access: 'session',
      body: saveParamBody,
      handler: async ({ body, session }) => {
        requireSaveButton(session, body.relationName);
        await configurationService.save(session.scope, body.relationName, body.relationId, body);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tb-config/getParam',
      summary: 'A relation’s stored parameters (defaults when never saved)',
      access: 'session',
      query: relationQuery,
      handler: async ({ query, session }) => {
        requirePower(session, query.relationName);
        return {
          rows: [await configurationService.get(session.scope, query.relationName, query.relationId)],
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tb-config/configPushRecord',
      summary: 'Whether the relation’s saved parameters have been pushed',
      access: 'session',
      query: relationQuery,
      handler: async ({ query, session }) => {
        requirePower(session, query.relationName);
        const configPush = await configurationService.pushRecord(
          session.scope,
          query.relationName,
          query.relationId,
        );
        return { rows: [{ configPush }] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-config/dynamicParameterJs',
      summary: 'The parameter tree a screen edits: `share` for site and group, else the device model',
      access: 'session',
      body: dynamicParameterBody,
      handler: async ({ body }) => ({ rows: [configurationService.screenTree(body.model)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-config/configToText',
      summary: 'The text editor’s view of a payload, in the model’s file format (drivers render it)',
      access: 'session',
      body: configToTextBody,
      handler: async ({ body }) => ({
        rows: [configurationService.configToText(body.model, body.payload)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-config/textToConfig',
      summary:
        'Read the text editor back into a payload: values read are pushed, absent ones return to default',
      access: 'session',
      body: textToConfigBody,
      handler: async ({ body }) => ({ rows: [configurationService.textToConfig(body.model, body.text)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-config/effective',
      summary: 'Every effective parameter of a device with the layer that set it',
      access: { power: 'deviceManagement' },
      query: effectiveQuery,
      handler: async ({ query, session }) => ({
        rows: await configurationService.effective(session.scope, query.deviceId),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-config/affectedDevices',
      summary: 'How many devices (and the first 100 MACs) a change to this relation would alter',
      access: 'session',
      query: relationQuery,
      handler: async ({ query, session }) => {
        requirePower(session, query.relationName);
        return {
          rows: [
            await configurationService.affectedDevices(session.scope, query.relationName, query.relationId),
          ],
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cfg/type/:relation/:relationId/:modelType/:templateName',
      summary: 'Download a site, group or model template’s pushed parameters as the model’s file',
      access: 'session',
      handler: async ({ params, session, ctx }) => {
        const parsed = downloadParams.safeParse(params);
        if (!parsed.success) throw AppError.invalid('invalidFormat');
        const { relation, relationId, modelType } = parsed.data;
        requirePower(session, relation);
        const found = driverRegistry.model(modelType);
        if (!found) throw AppError.invalid('unknownModel');
        const layer = await configurationService.layer(session.scope, relation, relationId);
        const file = found.driver.files.find((f) => f.name.includes('{mac}')) ?? found.driver.files[0];
        if (!file) throw AppError.notFound();
        const text = renderConfig(found.driver, new Map(Object.entries(layer)), {
          model: found.model,
          mac: '000000000000',
          file,
        });
        const name = `${(params.templateName ?? relation).replace(/[^A-Za-z0-9_.-]/g, '_')}-${found.model.id}${file.name.slice(file.name.lastIndexOf('.'))}`;
        ctx.set('Content-Type', file.contentType);
        ctx.set('Content-Disposition', `attachment; filename="${name}"`);
        ctx.body = text;
        return { raw: true };
      },
    }),
  ];
}
