import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkBodySize, JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT } from './body-limit';

const request = (headers: Record<string, string>) => ({ headers }) as IncomingMessage;

describe('checkBodySize', () => {
  it('accepts bodies within the limit for their type', () => {
    expect(checkBodySize(request({ 'content-length': String(JSON_BODY_LIMIT) }))).toEqual({ ok: true });
    expect(
      checkBodySize(
        request({
          'content-length': String(MULTIPART_BODY_LIMIT),
          'content-type': 'multipart/form-data; boundary=x',
        }),
      ),
    ).toEqual({ ok: true });
    expect(checkBodySize(request({}))).toEqual({ ok: true });
  });

  it('refuses oversized, malformed and length-less bodies', () => {
    expect(checkBodySize(request({ 'content-length': String(JSON_BODY_LIMIT + 1) }))).toMatchObject({
      status: 413,
    });
    expect(checkBodySize(request({ 'content-length': 'lots' }))).toMatchObject({ status: 413 });
    expect(checkBodySize(request({ 'transfer-encoding': 'chunked' }))).toMatchObject({ status: 411 });
  });
});
