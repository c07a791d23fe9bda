import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../http/errors';
import { sniffImageFormat } from './sniff';
import type { I18nKey } from '../../i18n/keys';

/** DESIGN.md §8: at most 2 MB in, at most 4096×4096 px, out as a 256×256 WebP without metadata. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;
export const STORED_IMAGE_SIDE = 256;

export interface PreparedImage {
  hash: string;
  data: Buffer;
  width: number;
  height: number;
}

function refuse(status: number, field: string, key: I18nKey, detail: string): HttpError {
  return new HttpError(status, key, { fieldKeys: { [field]: key }, detail });
}

/**
 * Checks an upload and re-encodes it. The size is checked before a byte is read, the format by
 * magic bytes, the dimensions from the header before any pixel is decoded (a tiny file can
 * declare a 100,000-pixel-wide image), and decoding is capped as well. Re-encoding to WebP drops
 * metadata and anything a polyglot hid after the image data. `field` names the form field in errors.
 */
export async function prepareImage(file: Blob, field: string): Promise<PreparedImage> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw refuse(413, field, 'image.error.tooLarge', `upload of ${file.size} bytes`);
  }
  const input = new Uint8Array(await file.arrayBuffer());
  const format = sniffImageFormat(input);
  if (!format) throw refuse(415, field, 'image.error.type', 'not PNG, JPEG or WebP by magic bytes');
  const decoder = () =>
    sharp(input, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'error', pages: 1 });
  let metadata: Metadata;
  try {
    metadata = await decoder().metadata();
  } catch (error) {
    throw refuse(400, field, 'image.error.unreadable', String(error));
  }
  if (metadata.format !== format) {
    throw refuse(415, field, 'image.error.type', `sniffed ${format}, decoded ${metadata.format}`);
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw refuse(400, field, 'image.error.dimensions', `${width}×${height}`);
  }
  let data: Buffer;
  try {
    data = await decoder()
      .rotate() // honour the EXIF orientation before the metadata is dropped
      .resize(STORED_IMAGE_SIDE, STORED_IMAGE_SIDE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw refuse(400, field, 'image.error.unreadable', String(error));
  }
  return {
    hash: createHash('sha256').update(data).digest('hex'),
    data,
    width: STORED_IMAGE_SIDE,
    height: STORED_IMAGE_SIDE,
  };
}
