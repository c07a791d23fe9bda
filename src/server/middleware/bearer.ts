/** The `Authorization: Bearer` token, if any: API clients send it, a browser never does on its own. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}
