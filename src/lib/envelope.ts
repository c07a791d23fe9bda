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
