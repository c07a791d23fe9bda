import { apiRoute } from '../../../shared/routes/declare';
import { openApiDocument } from '../../../server/api-docs/openapi';
import { config } from '../../../server/config';

export const route = apiRoute({
  path: '/api/admin/openapi.json',
  methods: ['GET'],
  access: 'signed-in',
  summary: 'This document: sign-in, the admin API and the account API in OpenAPI 3.1.',
});

export const GET = () =>
  Response.json(openApiDocument('admin', config().publicUrl), { headers: { 'cache-control': 'no-store' } });
