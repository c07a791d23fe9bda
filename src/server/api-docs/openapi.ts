import { toJSONSchema } from 'zod/mini';
import type { core } from 'zod/mini';
import { isNeed, type ApiRoute, type Method } from '../../shared/routes/declare';
import { routeTable } from '../http/route-table';

/** The two documents: the product's API (`/api/app`), and the back-office's own (sign-in, admin, account). */
export type ApiDocument = 'app' | 'admin';

type Json = Record<string, unknown>;

const inDocument = (document: ApiDocument, path: string) =>
  document === 'app' ? path.startsWith('/api/app/') : !path.startsWith('/api/app/');

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a caller writes it (`io: input`:
 * defaults optional, coercions as their input). Checks JSON Schema cannot say (a refinement, a
 * transform) are left out: the endpoint's own answer names the field.
 */
function schemaOf(schema: core.$ZodType): Json {
  const { $schema: _, ...rest } = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'A field is invalid: `errors` names each one.',
  401: 'No valid session or key.',
  403: 'Not allowed: a permission or scope is missing (named in `ResponseBody`), or the request came from another site.',
  404: 'Nothing with that id.',
  409: 'In conflict with the current state.',
  410: 'Expired.',
  411: 'A Content-Length header is required.',
  413: 'The body is larger than this route accepts.',
  415: 'The body must be application/json.',
  429: 'Too many requests: `Retry-After` says when to try again.',
  500: 'Something failed on our side; nothing internal is said.',
  503: 'The database is unavailable.',
};

/** The statuses a route can answer: its own (`errors`), and those of its kind. */
function statusesOf(route: ApiRoute, method: Method): number[] {
  const codes = new Set<number>([...(route.errors ?? []), 500, 503]);
  if (route.input) codes.add(400);
  if (method === 'POST') [413, 415].forEach((code) => codes.add(code));
  if (isNeed(route.access)) [401, 403].forEach((code) => codes.add(code));
  if (typeof route.access === 'object' && 'scope' in route.access)
    [401, 403, 429].forEach((code) => codes.add(code));
  return [...codes].sort();
}

/**
 * Who may call: none for public routes; a product key with its scope; a session (cookie or bearer)
 * holding the permission, named as OpenAPI 3.1 allows role names in non-OAuth requirements.
 */
function securityOf(route: ApiRoute): Json[] {
  const { access } = route;
  if (access === 'public') return [];
  if (access === 'own-auth') return [{ accountToken: [] }];
  if (typeof access === 'object' && 'scope' in access) return [{ appKey: [access.scope] }];
  const roles = access === 'signed-in' ? [] : typeof access === 'string' ? [access] : [...access];
  return [{ session: roles }, { sessionToken: roles }];
}

function envelopeSchema(output: core.$ZodType | undefined): Json {
  const result = output ? schemaOf(output) : {};
  return {
    allOf: [{ $ref: '#/components/schemas/Envelope' }],
    properties: { ResponseBody: result, ResponseData: result },
  };
}

function operation(route: ApiRoute, method: Method): Json {
  const op: Json = {
    operationId: `${method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`,
    summary: route.summary ?? route.path.split('/').at(-1),
    security: securityOf(route),
    responses: {
      200: {
        description: 'Done.',
        content: { 'application/json': { schema: envelopeSchema(route.output) } },
      },
      ...Object.fromEntries(
        statusesOf(route, method).map((status) => [
          status,
          {
            description: STATUS_TEXT[status] ?? 'Refused.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Envelope' },
                example: { succeeded: false, ResponseCode: status, ResponseMessage: STATUS_TEXT[status] },
              },
            },
          },
        ]),
      ),
    },
  };
  const schema = route.input && (method === 'GET' ? route.input : (route.query ?? null));
  const query = schema ? schemaOf(schema) : null;
  const properties = (query?.properties ?? {}) as Record<string, Json>;
  const required = (query?.required ?? []) as string[];
  if (Object.keys(properties).length) {
    op.parameters = Object.entries(properties).map(([name, property]) => ({
      name,
      in: 'query',
      required: required.includes(name),
      schema: property,
    }));
  }
  if (method === 'POST' && route.input) {
    const type = route.multipart ? 'multipart/form-data' : 'application/json';
    op.requestBody = { required: true, content: { [type]: { schema: schemaOf(route.input) } } };
  }
  if (route.working) op.description = 'Does work: a cookie request must come from our own pages.';
  return op;
}

/** The OpenAPI 3.1 description of `document`, generated from the route table and its schemas. */
export function openApiDocument(document: ApiDocument, serverUrl: string): Json {
  const routes = [...routeTable().endpoints.values()]
    .filter((route) => inDocument(document, route.path))
    .sort((a, b) => a.path.localeCompare(b.path));
  const paths = Object.fromEntries(
    routes.map((route) => [
      route.path,
      Object.fromEntries(route.methods.map((method) => [method.toLowerCase(), operation(route, method)])),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: document === 'app' ? 'Puzzle Admin: product API' : 'Puzzle Admin: back-office API',
      version: '1',
      description:
        document === 'app'
          ? 'For the product’s own servers: every call needs a product API key (`Authorization: Bearer`) holding the scope it names.'
          : 'The back-office’s endpoints: sign-in, the admin API (session cookie or bearer token) and the generic account API.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          required: ['succeeded', 'ResponseCode', 'ResponseMessage'],
          properties: {
            succeeded: { type: 'boolean' },
            ResponseCode: { type: 'integer' },
            ResponseMessage: { type: 'string' },
            ResponseBody: {},
            ResponseData: {},
            errors: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
      securitySchemes:
        document === 'app'
          ? { appKey: { type: 'http', scheme: 'bearer', description: 'A product API key.' } }
          : {
              session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The session cookie.' },
              sessionToken: { type: 'http', scheme: 'bearer', description: 'The token `verifyotp` answers.' },
              accountToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            },
    },
  };
}
