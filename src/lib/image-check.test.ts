import { describe, expect, it } from 'vitest';
import { imageProblem, MAX_IMAGE_BYTES } from './image-check';

describe('the browser-side image check', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(imageProblem({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('refuses other types (SVG above all) and larger files', () => {
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageProblem({ type: '', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
  });
});
