/**
 * The response envelope of every `/api/*` answer (DESIGN.md §5). Isomorphic: the server builds it,
 * the islands' API client reads it.
 */
export interface Envelope<Body = unknown, Data = unknown> {
  succeeded: boolean;
  /** The HTTP status, repeated in the body for clients that only see the body. */
  ResponseCode: number;
  /** A sentence for the person, in the request's language. */
  ResponseMessage: string;
  ResponseBody?: Body;
  ResponseData?: Data;
  /** Validation failures: field name → message. */
  errors?: Record<string, string>;
}

/**
 * A marker for the types only (nothing exists at run time): an endpoint's function carries under
 * it what its success envelope holds, so the islands' client (api-client.ts) reads each answer's
 * type from the route file itself.
 */
export declare const answerType: unique symbol;

/** What a typed endpoint says its success carries under `ResponseBody` and `ResponseData`. */
export interface AnswerShape<Body, Data> {
  body: Body;
  data: Data;
}

/** A Response whose envelope holds `Body` and `Data` (only TypeScript sees the difference). */
export type Answer<Body, Data> = Response & { readonly [answerType]?: AnswerShape<Body, Data> };

export interface ListQuery {
  page: number;
  record: number;
  search: string;
}

export interface ListResult<Row> extends ListQuery {
  list: Row[];
  total: number;
  /** True when `total` is a lower bound: a broad search stops counting there ("1,000+"). */
  capped?: boolean;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).succeeded === 'boolean' &&
    typeof (value as Envelope).ResponseCode === 'number'
  );
}
