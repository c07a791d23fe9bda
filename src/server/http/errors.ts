import type { I18nKey } from '../../i18n/keys';

/**
 * A failure the person should hear about: an HTTP status, an i18n key for the message, optional
 * field errors (already translated) and headers; `detail` goes to the log, never to the response.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: I18nKey,
    readonly options: {
      /** Field errors, already translated (from zod). */
      errors?: Record<string, string>;
      /** Field errors as i18n keys, translated with `values` when the response is written. */
      fieldKeys?: Record<string, I18nKey>;
      headers?: Record<string, string>;
      values?: Record<string, unknown>;
      /** Facts the client acts on (tries left, seconds to wait), sent as ResponseBody. */
      body?: unknown;
      detail?: string;
    } = {},
  ) {
    super(options.detail ?? messageKey);
    this.name = 'HttpError';
  }
}
