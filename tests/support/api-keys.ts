import type { ApiKeyCreated } from '../../src/shared/api-keys/api-key-input';
import { post, type Answer } from './api';

/** Makes a product API key through `addapikey`, as the keys tab does, and returns it (shown once). */
export async function createKey(baseUrl: string, token: string, name = 'Test key'): Promise<ApiKeyCreated> {
  const answer = await post<ApiKeyCreated>(
    baseUrl,
    '/api/admin/addapikey',
    { name },
    {
      cookie: `session=${token}`,
    },
  );
  if (answer.status !== 200 || !answer.body.ResponseBody) {
    throw new Error(`addapikey answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.ResponseBody;
}

export interface Rejected {
  index: number;
  external_id: string | null;
  field: string;
  code: string;
  reason: string;
}

export interface SyncAnswer {
  created: number;
  updated: number;
  unchanged: number;
  rejected: Rejected[];
}

/** `POST /api/app/users` as the product's servers call it. */
export function syncUsers(baseUrl: string, key: string, body: unknown): Promise<Answer<SyncAnswer>> {
  return post<SyncAnswer>(baseUrl, '/api/app/users', body, { authorization: `Bearer ${key}` });
}

export interface AppUser {
  external_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  status?: 'active' | 'blocked';
}

/** `count` good rows `<tag>-<n>` with addresses `<tag>.<n>@app.test`. */
export function appUsers(count: number, tag: string): AppUser[] {
  return Array.from({ length: count }, (_, n) => ({
    external_id: `${tag}-${n}`,
    first_name: `${tag} first ${n}`,
    last_name: `Last ${n}`,
    email: `${tag}.${n}@app.test`,
  }));
}
