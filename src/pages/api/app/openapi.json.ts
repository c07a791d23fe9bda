import { apiRoute } from '../../../shared/routes/declare';
import { openApiDocument } from '../../../server/api-docs/openapi';
import { config } from '../../../server/config';

export const route = apiRoute({
  path: '/api/app/openapi.json',
  methods: ['GET'],
  access: 'public',
  summary: 'This document: the product API in OpenAPI 3.1 (reading it needs no key; calling does).',
});

export const GET = () =>
  Response.json(openApiDocument('app', config().publicUrl), { headers: { 'cache-control': 'no-store' } });
