import { describe, expect, it } from 'vitest';
import { labelsOf, loadOnce } from './on-demand';

describe('loadOnce', () => {
  it('loads once however often it is asked, and hands every caller the same answer', async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ widget: ++loads }));
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return 'widget';
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('widget');
    expect(attempts).toBe(2);
  });
});

describe('labelsOf', () => {
  it('reads the words the server put in data-labels, and none when it put none', () => {
    const element = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;
    expect(labelsOf(element({ labels: '{"open":"Ouvrir"}' }))).toEqual({ open: 'Ouvrir' });
    expect(labelsOf(element({}))).toEqual({});
  });
});
