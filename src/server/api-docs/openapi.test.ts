import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiRouteFiles } from '../../../tests/support/routes';
import { openApiDocument } from './openapi';

const validate = async (document: object) => {
  const validator = new Validator();
  return validator.validate(structuredClone(document) as never);
};

type Doc = { paths: Record<string, Record<string, { security: unknown; responses: object }>> };

/** Issue #39: both documents are valid OpenAPI 3.1 and list every route file, from the files on disk. */
describe('the OpenAPI documents', () => {
  const app = openApiDocument('app', 'https://admin.example.com') as Doc;
  const admin = openApiDocument('admin', 'https://admin.example.com') as Doc;

  it('are valid OpenAPI 3.1', async () => {
    for (const document of [app, admin]) {
      const result = await validate(document);
      expect(JSON.stringify(result.errors ?? []).slice(0, 2000)).toBe('[]');
      expect(result.valid).toBe(true);
    }
    // The validator does refuse: a parameter without its place.
    const broken = structuredClone(app) as Doc & {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    broken.paths['/api/app/puzzles']!.get!.parameters = [{ name: 'page' }];
    expect((await validate(broken)).valid).toBe(false);
  });

  it('list every route file with each method it exports, in its own document', () => {
    const listed = (document: Doc) =>
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
    const onDisk = (dirs: string[]) =>
      dirs.flatMap((dir) =>
        apiRouteFiles(dir).flatMap((file) => file.methods.map((m) => `${m} ${file.path}`)),
      );
    expect(listed(app).sort()).toEqual(onDisk(['api/app']).sort());
    expect(listed(admin).sort()).toEqual(onDisk(['api/admin', 'api/account']).sort());
  });

  it('names key scopes and permissions as security requirements, and none for the sign-in steps', () => {
    expect(app.paths['/api/app/users']!.post!.security).toEqual([{ appKey: ['users.write'] }]);
    expect(admin.paths['/api/admin/saverole']!.post!.security).toEqual([
      { session: ['roles.manage'] },
      { sessionToken: ['roles.manage'] },
    ]);
    expect(admin.paths['/api/admin/login']!.post!.security).toEqual([]);
    expect(Object.keys(admin.paths['/api/admin/saverole']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
  });
});
