import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './sniff';

const bytes = (hex: string, tail = '') => new Uint8Array([...Buffer.from(hex, 'hex'), ...Buffer.from(tail)]);

describe('sniffImageFormat', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageFormat(bytes('89504e470d0a1a0a0000'))).toBe('png');
    expect(sniffImageFormat(bytes('ffd8ffe000104a464946'))).toBe('jpeg');
    expect(sniffImageFormat(bytes('5249464624000000', 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses SVG, GIF, HTML, RIFF that is not WebP, and empty input', () => {
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('<!doctype html>'))).toBeNull();
    expect(sniffImageFormat(bytes('5249464624000000', 'WAVEfmt '))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
    expect(sniffImageFormat(bytes('89504e47'))).toBeNull();
  });
});
