import { describe, expect, it } from 'vitest';
import { iconSprite, SOURCES } from './icon-sources';

describe('the icon sprite (icons.svg)', () => {
  it('is what the Tabler files give today: rewrite it with -u after adding an icon', async () => {
    await expect(iconSprite()).toMatchFileSnapshot('./icons.svg');
  });

  it('holds one symbol per icon, without the design box or paint of its own', () => {
    const sprite = iconSprite();
    for (const name of Object.keys(SOURCES))
      expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(sprite).not.toContain('M0 0h24v24H0z');
    expect(sprite).not.toMatch(/<symbol[^>]*(stroke|fill)=/);
  });
});
