/**
 * A failure the person should hear about: an HTTP status, an i18n key for the message, optional
 * field errors (already translated) and headers; `detail` goes to the log, never to the response.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly options: {
      errors?: Record<string, string>;
      headers?: Record<string, string>;
      values?: Record<string, unknown>;
      detail?: string;
    } = {},
  ) {
    super(options.detail ?? messageKey);
    this.name = 'HttpError';
  }
}
