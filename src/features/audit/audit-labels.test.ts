import { describe, expect, it } from 'vitest';
import { activityActionKeys } from '../account/activity-actions';
import { AUDIT_AREAS } from './audit-labels';

describe('the audit filter’s areas', () => {
  it('are exactly the first parts of the actions the server writes', () => {
    const areas = new Set(Object.keys(activityActionKeys).map((action) => action.split('.')[0]));
    expect([...AUDIT_AREAS].sort()).toEqual([...areas].sort());
  });
});
