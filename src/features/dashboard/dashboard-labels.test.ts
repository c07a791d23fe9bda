import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { dashboardLabels, describeChange } from './dashboard-labels';

const { words } = dashboardLabels(getT('en'));

describe('a card’s change in words', () => {
  it('compares a flow with the period before, in percent', () => {
    expect(describeChange(words, 'en', { value: 150, previous: 100 }, 'flow')).toEqual({
      direction: 'up',
      visible: '▲ 50%',
      spoken: 'Up 50% on the previous period (was 100)',
    });
    expect(describeChange(words, 'en', { value: 3, previous: 0 }, 'flow').spoken).toBe(
      'Up from 0 in the previous period',
    );
  });

  it('says how many a standing total gained or lost since the period began, never a blown-up percent', () => {
    expect(describeChange(words, 'en', { value: 3551, previous: 100 }, 'standing')).toEqual({
      direction: 'up',
      visible: '▲ 3,451',
      spoken: 'Up 3,451 since the period began (was 100)',
    });
    expect(describeChange(words, 'en', { value: 0, previous: 4 }, 'standing').visible).toBe('▼ 4');
    expect(describeChange(words, 'fr', { value: 7, previous: 7 }, 'standing')).toMatchObject({
      direction: 'same',
      visible: '=',
      spoken: 'No change since the period began',
    });
  });
});
