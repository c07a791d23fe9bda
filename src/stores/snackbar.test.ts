import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $snackbars,
  closeAllSnackbars,
  closeSnackbar,
  listenForSnackbarEvents,
  pauseSnackbar,
  resumeSnackbar,
  runSnackbarAction,
  showSnackbar,
  SNACKBAR_EVENT,
} from './snackbar';

const messages = () => $snackbars.get().map((snackbar) => snackbar.message);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  closeAllSnackbars();
  vi.useRealTimers();
});

describe('the snackbar store', () => {
  it('fills in the defaults: neutral, Fade, bottom right, 6 s', () => {
    const id = showSnackbar({ message: 'Saved' });
    expect($snackbars.get()).toEqual([
      {
        id,
        message: 'Saved',
        variant: 'default',
        severity: 'info',
        transition: 'Fade',
        anchor: { vertical: 'bottom', horizontal: 'right' },
        autoHideMs: 6000,
      },
    ]);
  });

  it('keeps at most three: a fourth pushes the oldest out', () => {
    for (const message of ['one', 'two', 'three', 'four']) showSnackbar({ message });
    expect(messages()).toEqual(['two', 'three', 'four']);
  });

  it('shows the same news once: a repeat takes the place of the one shown, with a fresh countdown', () => {
    showSnackbar({ message: 'Saved', variant: 'alert', severity: 'success' });
    showSnackbar({ message: 'Other' });
    vi.advanceTimersByTime(5000);
    const again = showSnackbar({ message: 'Saved', variant: 'alert', severity: 'success' });
    expect(messages()).toEqual(['Other', 'Saved']);
    vi.advanceTimersByTime(1000);
    expect(messages()).toEqual(['Saved']);
    expect($snackbars.get()[0]!.id).toBe(again);
    // Not the same news: another severity, or one with an action (each Undo undoes its own change).
    showSnackbar({ message: 'Saved', variant: 'alert', severity: 'error' });
    showSnackbar({ message: 'Blocked', action: { label: 'Undo', onClick: () => undefined } });
    showSnackbar({ message: 'Blocked', action: { label: 'Undo', onClick: () => undefined } });
    expect(messages()).toEqual(['Saved', 'Blocked', 'Blocked']);
  });

  it('closes by itself after its time, and not before', () => {
    showSnackbar({ message: 'default time' });
    showSnackbar({ message: 'short', autoHideMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(messages()).toEqual(['default time', 'short']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(['default time']);
    vi.advanceTimersByTime(5000);
    expect(messages()).toEqual([]);
  });

  it('stays when autoHideMs is null', () => {
    showSnackbar({ message: 'sticky', autoHideMs: null });
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['sticky']);
  });

  it('closes on request, once; a pushed-out one leaves no timer behind', () => {
    const id = showSnackbar({ message: 'bye' });
    closeSnackbar(id);
    closeSnackbar(id);
    expect(messages()).toEqual([]);
    for (const message of ['a', 'b', 'c', 'd']) showSnackbar({ message });
    expect(vi.getTimerCount()).toBe(3);
  });

  it('runs the action and closes', () => {
    const onClick = vi.fn();
    const id = showSnackbar({ message: 'Deleted', action: { label: 'Undo', onClick } });
    runSnackbarAction(id);
    expect(onClick).toHaveBeenCalledOnce();
    expect(messages()).toEqual([]);
    runSnackbarAction(id);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('pauses the countdown and resumes with the time that was left', () => {
    const id = showSnackbar({ message: 'read me', autoHideMs: 5000 });
    vi.advanceTimersByTime(3000);
    pauseSnackbar(id);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['read me']);
    resumeSnackbar(id);
    vi.advanceTimersByTime(1999);
    expect(messages()).toEqual(['read me']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('shows what scripts send through the window event, and ignores malformed events', () => {
    const target = new EventTarget();
    const stop = listenForSnackbarEvents(target);
    target.dispatchEvent(
      new CustomEvent(SNACKBAR_EVENT, { detail: { message: 'from a script', variant: 'alert' } }),
    );
    target.dispatchEvent(new CustomEvent(SNACKBAR_EVENT, { detail: 'not options' }));
    stop();
    target.dispatchEvent(new CustomEvent(SNACKBAR_EVENT, { detail: { message: 'after stop' } }));
    expect($snackbars.get().map(({ message, variant }) => [message, variant])).toEqual([
      ['from a script', 'alert'],
    ]);
  });
});
