import { describe, expect, it } from 'vitest';
import { $online, followConnection } from './connection';

function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  return Object.assign(target, { navigator: { onLine } });
}

describe('the connection store', () => {
  it('starts from navigator.onLine and follows the online/offline events until stopped', () => {
    const source = fakeWindow(false);
    const stop = followConnection(source);
    expect($online.get()).toBe(false);
    source.navigator.onLine = true;
    source.dispatchEvent(new Event('online'));
    expect($online.get()).toBe(true);
    source.navigator.onLine = false;
    source.dispatchEvent(new Event('offline'));
    expect($online.get()).toBe(false);
    stop();
    source.navigator.onLine = true;
    source.dispatchEvent(new Event('online'));
    expect($online.get()).toBe(false);
  });
});
