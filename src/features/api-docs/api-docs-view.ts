/**
 * The reference page's view of an OpenAPI document (src/server/api-docs/openapi.ts): each
 * operation with who may call it, its fields and its answers, and a curl line to try it. Pure, so
 * the page draws it on the server and a unit test reads it without one.
 */

type Json = Record<string, unknown>;

export type ApiDocsDocument = 'app' | 'admin';

/** Who may call: anyone, a product key with a scope, a signed-in admin (with permissions), the account API's JWT. */
export type CallerView =
  | { kind: 'public' }
  | { kind: 'scope'; scope: string }
  | { kind: 'session'; permissions: string[] }
  | { kind: 'account' };

export interface FieldView {
  name: string;
  /** As JSON Schema says it, shortly: `string`, `integer`, `string[]`, `'totp' | 'passkey'`. */
  type: string;
  required: boolean;
}

export interface OperationView {
  /** For the anchor and the DOM ids. */
  id: string;
  method: string;
  path: string;
  caller: CallerView;
  /** Query fields (a GET's input, a POST's query). */
  query: FieldView[];
  /** A POST's body fields, and its media type; null without a body. */
  body: { type: string; fields: FieldView[] } | null;
  /** The statuses it can answer besides 200. */
  errors: number[];
  /** A GET that does work (a cookie request must come from our own pages). */
  working: boolean;
  curl: string;
}

const asJson = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** A property's type in a few characters. */
export function typeOf(schema: Json): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(alternatives))
    return [...new Set(alternatives.map((one) => typeOf(asJson(one))))].join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${typeOf(asJson(schema.items))}[]`;
  if (typeof type === 'string') return schema.format ? `${type} (${String(schema.format)})` : type;
  return 'any';
}

function fieldsOf(schema: Json): FieldView[] {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(asJson(schema.properties)).map(([name, property]) => ({
    name,
    type: typeOf(asJson(property)),
    required: required.has(name),
  }));
}

function callerOf(security: unknown): CallerView {
  const first = asJson(Array.isArray(security) ? security[0] : undefined);
  if (!Array.isArray(security) || security.length === 0) return { kind: 'public' };
  if (Array.isArray(first.appKey)) return { kind: 'scope', scope: String(first.appKey[0] ?? '') };
  if (Array.isArray(first.accountToken)) return { kind: 'account' };
  return { kind: 'session', permissions: ((first.session as string[] | undefined) ?? []).map(String) };
}

/** A value of the field's type, for the curl line: what to replace, in the right shape. */
function sample(schema: Json): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return '…';
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The call as a curl line: the server's address, the credentials it needs as shell variables
 * (`$KEY` a product key, `$TOKEN` a session token from `verifyotp`), the required query fields and
 * a body with each required field in its shape.
 */
export function curlOf(
  server: string,
  method: string,
  path: string,
  caller: CallerView,
  query: Json | null,
  body: Json | null,
): string {
  const required = (schema: Json | null) =>
    Object.entries(asJson(schema?.properties)).filter(([name]) =>
      ((schema?.required as string[] | undefined) ?? []).includes(name),
    );
  const search = new URLSearchParams(
    required(query).map(([name, property]) => [name, String(sample(asJson(property)))]),
  );
  const url = `${server}${path}${search.size ? `?${search}` : ''}`;
  const parts = [`curl -X ${method} ${shellQuote(url)}`];
  if (caller.kind === 'scope') parts.push(`-H "Authorization: Bearer $KEY"`);
  if (caller.kind === 'session' || caller.kind === 'account') parts.push(`-H "Authorization: Bearer $TOKEN"`);
  if (body) {
    parts.push(`-H 'Content-Type: application/json'`);
    parts.push(
      `-d ${shellQuote(JSON.stringify(Object.fromEntries(required(body).map(([name, property]) => [name, sample(asJson(property))]))))}`,
    );
  }
  return parts.join(' \\\n  ');
}

/** Every operation of the document, in its order (by path, then method). */
export function operationsOf(document: Json): OperationView[] {
  const server = String(asJson((document.servers as Json[] | undefined)?.[0]).url ?? '');
  return Object.entries(asJson(document.paths)).flatMap(([path, methods]) =>
    Object.entries(asJson(methods)).map(([method, raw]) => {
      const operation = asJson(raw);
      const caller = callerOf(operation.security);
      const parameters = ((operation.parameters as Json[] | undefined) ?? []).map(asJson);
      const querySchema: Json = {
        properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
        required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      };
      const content = asJson(asJson(operation.requestBody).content);
      const [bodyType, bodyContent] = Object.entries(content)[0] ?? [];
      const bodySchema = bodyContent ? asJson(asJson(bodyContent).schema) : null;
      const upper = method.toUpperCase();
      return {
        id: String(operation.operationId ?? `${method}${path}`),
        method: upper,
        path,
        caller,
        query: fieldsOf(querySchema),
        body: bodyType && bodySchema ? { type: bodyType, fields: fieldsOf(bodySchema) } : null,
        errors: Object.keys(asJson(operation.responses))
          .map(Number)
          .filter((status) => status !== 200),
        working: typeof operation.description === 'string',
        curl: curlOf(
          server,
          upper,
          path,
          caller,
          parameters.length ? querySchema : null,
          bodyType === 'application/json' ? bodySchema : null,
        ),
      };
    }),
  );
}
