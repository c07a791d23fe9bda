/**
 * The browser's quick look at a chosen image, so a wrong file is refused before it is sent. The
 * server decides for real (magic bytes, pixel size, re-encoding); these match its limits.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageProblem = 'type' | 'size';

export function imageProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > MAX_IMAGE_BYTES ? 'size' : null;
}

/** A `data:` URL for a preview: the CSP allows `img-src 'self' data:` but not `blob:`. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
