import { DAY, dayRangeQuery } from '../../lib/day-filter';
import { defineListSpec } from '../../lib/list-url';

/**
 * `/audit?admin_id=&area=&target=&from=&to=`: the trail, newest first. `from` and `to` are the
 * admin's own calendar days, both included; the island turns them into instants in the browser's
 * time zone (the server's first render uses UTC).
 */
export const auditListSpec = defineListSpec({
  sorts: ['newest'],
  defaultSort: 'newest',
  filters: {
    admin_id: /[1-9]\d{0,9}/,
    area: /[a-z_]{1,32}/,
    target: /[a-z_-]{1,32}:[\w./:-]{1,160}/,
    from: DAY,
    to: DAY,
  },
});

export type AuditFilters = Record<'admin_id' | 'area' | 'target' | 'from' | 'to', string>;

/** The query `getaudit` and `exportaudit` take for the screen's filters. */
export function auditQuery(filters: AuditFilters, offsetOf: (day: string) => number = () => 0) {
  const query: Record<string, string> = {};
  if (filters.admin_id) query.admin_id = filters.admin_id;
  if (filters.area) query.area = filters.area;
  if (filters.target) query.target = filters.target;
  return { ...query, ...dayRangeQuery(filters.from, filters.to, offsetOf) };
}
