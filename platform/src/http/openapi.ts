import { z } from 'zod';
import type { RouteDefinition } from './route.js';

/** A signed-in browser, or an API credential signed or as a bearer token (docs/api-service.md). */
const SECURITY = [{ sessionCookie: [] }, { apiSignature: [] }, { apiBearer: [] }];
/** Routes on a person's own account or browser session: never an API credential's. */
const PERSON_SECURITY = [{ sessionCookie: [] }];

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'pf_session',
    description: 'Set by POST /api/user/login',
  },
  apiSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`PF-HMAC-SHA256 Credential=<API ID>, Signature=<hex>` with headers `X-PF-Timestamp` (Unix seconds, within 5 minutes of the server) and `X-PF-Nonce` (16-64 of A-Z a-z 0-9 _ -, once per credential). Signature = hex HMAC-SHA256, keyed with SHA-256(API key), of METHOD, path with query as sent (/api/…), timestamp, nonce and hex SHA-256 of the body, joined by line feeds. See docs/api-service.md.',
  },
  apiBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The API key itself (`pfk_…`); accepted over HTTPS only. See docs/api-service.md.',
  },
};

/** The OpenAPI document, generated from the same zod schemas that validate requests. */
export function buildOpenApi(routes: RouteDefinition[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = `/api${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const operation: Record<string, unknown> = {
      summary: route.summary,
      'x-access': route.access,
      ...(route.access === 'public'
        ? {}
        : { security: route.access === 'person' ? PERSON_SECURITY : SECURITY }),
      responses: {
        '200': {
          description: 'Envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
    };
    if (route.upload) {
      const fields = route.body
        ? (z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as {
            properties?: Record<string, object>;
          })
        : {};
      operation.requestBody = {
        required: true,
        description: `One file in field file: ${route.upload.extensions.join(', ')}, at most ${route.upload.maxBytes} bytes`,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { ...fields.properties, file: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    } else if (route.body) {
      operation.requestBody = {
        content: {
          'application/json': { schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) },
        },
      };
    }
    // Path parameters are read by the handler, which refuses a malformed one.
    const parameters: object[] = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1 },
    }));
    if (route.query) {
      const schema = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, object>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          schema: property,
        });
      }
    }
    if (parameters.length) operation.parameters = parameters;
    paths[path] = { ...(paths[path] ?? {}), [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'PhoneFleet console API', version },
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'message', 'messageExt', 'result'],
          properties: {
            code: { type: 'integer', description: '0 success; 80000 session expired; see docs/api.md' },
            message: { type: 'string' },
            messageExt: { type: ['string', 'null'] },
            result: {
              type: 'object',
              properties: { rows: { type: 'array', items: {} }, totalRows: { type: 'integer' } },
            },
          },
        },
      },
    },
  };
}
