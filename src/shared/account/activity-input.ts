import * as z from 'zod/mini';
import { ListQueryInput } from '../../lib/list-query';

/** `getactivity`: the list query's paging (DESIGN.md §5); newest first is the only order. */
export const ActivityListInput = z.pick(ListQueryInput, { page: true, record: true });
export type ActivityListInput = z.output<typeof ActivityListInput>;

/** One entry of the admin's own audit log. */
export interface ActivityRow {
  id: number;
  /** Dotted code (`auth.login`); the UI words it through `activity.<action>`. */
  action: string;
  target: string | null;
  /** What the target is called now, when it has a name (see AuditRow). */
  target_name?: string;
  detail: string | null;
  ip: string | null;
  at: string;
}
