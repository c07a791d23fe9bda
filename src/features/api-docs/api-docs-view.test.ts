import { describe, expect, it } from 'vitest';
import { operationsOf, typeOf } from './api-docs-view';

/** A document in the shape src/server/api-docs/openapi.ts writes (its own test validates that shape). */
const document = {
  openapi: '3.1.0',
  servers: [{ url: 'https://admin.example.test' }],
  paths: {
    '/api/app/users': {
      post: {
        operationId: 'postApiAppUsers',
        security: [{ appKey: ['users.write'] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['users'],
                properties: { users: { type: 'array', items: {} }, dry_run: { type: 'boolean' } },
              },
            },
          },
        },
        responses: { 200: {}, 400: {}, 401: {}, 403: {} },
      },
    },
    '/api/admin/exportusers': {
      get: {
        operationId: 'getApiAdminExportusers',
        security: [{ session: ['users.export'] }, { sessionToken: ['users.export'] }],
        description: 'Does work: a cookie request must come from our own pages.',
        parameters: [
          { name: 'status', in: 'query', required: false, schema: { enum: ['active', 'blocked'] } },
          { name: 'record', in: 'query', required: true, schema: { type: 'integer' } },
        ],
        responses: { 200: {}, 403: {} },
      },
    },
    '/api/admin/login': { post: { operationId: 'postApiAdminLogin', security: [], responses: { 200: {} } } },
  },
};

describe('the API reference’s view of a document', () => {
  const [sync, exportUsers, login] = operationsOf(document);

  it('names who may call each operation', () => {
    expect(sync!.caller).toEqual({ kind: 'scope', scope: 'users.write' });
    expect(exportUsers!.caller).toEqual({ kind: 'session', permissions: ['users.export'] });
    expect(login!.caller).toEqual({ kind: 'public' });
  });

  it('lists the fields with their types and whether they are required, and the other answers', () => {
    expect(sync!.body).toEqual({
      type: 'application/json',
      fields: [
        { name: 'users', type: 'any[]', required: true },
        { name: 'dry_run', type: 'boolean', required: false },
      ],
    });
    expect(exportUsers!.query).toEqual([
      { name: 'status', type: '"active" | "blocked"', required: false },
      { name: 'record', type: 'integer', required: true },
    ]);
    expect(sync!.errors).toEqual([400, 401, 403]);
    expect(exportUsers!.working).toBe(true);
    expect(login!.body).toBeNull();
  });

  it('writes a curl line with the credentials as variables and the required fields in their shape', () => {
    expect(sync!.curl).toBe(
      [
        `curl -X POST 'https://admin.example.test/api/app/users'`,
        `-H "Authorization: Bearer $KEY"`,
        `-H 'Content-Type: application/json'`,
        `-d '{"users":[]}'`,
      ].join(' \\\n  '),
    );
    expect(exportUsers!.curl).toBe(
      `curl -X GET 'https://admin.example.test/api/admin/exportusers?record=1' \\\n  -H "Authorization: Bearer $TOKEN"`,
    );
    expect(login!.curl).toBe(`curl -X POST 'https://admin.example.test/api/admin/login'`);
  });

  it('says a type in a few characters', () => {
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ type: 'string', format: 'date-time' })).toBe('string (date-time)');
    expect(typeOf({ anyOf: [{ type: 'integer' }, { type: 'string' }] })).toBe('integer | string');
    expect(typeOf({ const: 'passkey' })).toBe('"passkey"');
  });
});
