import { atom } from 'nanostores';

/**
 * The snackbar queue: short messages any island (or a plain script, through {@link SNACKBAR_EVENT})
 * can show. The store owns the rules (at most three, auto-hide, what closes one); the host in
 * src/components/SnackbarHost.tsx only draws them.
 */
export type SnackbarSeverity = 'success' | 'error' | 'warning' | 'info';
export type SnackbarTransition = 'SlideLeft' | 'SlideUp' | 'SlideRight' | 'SlideDown' | 'Grow' | 'Fade';
/** `left`/`right` are the inline start/end sides, so the corner follows the page in right-to-left. */
export interface SnackbarAnchor {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
}

export interface SnackbarOptions {
  /** Already translated. */
  message: string;
  /** `default`: a neutral bar announced politely; `alert`: coloured by `severity`, announced at once. */
  variant?: 'default' | 'alert';
  severity?: SnackbarSeverity;
  /** A button beside the message (Undo…); pressing it runs `onClick` and closes the snackbar. */
  action?: { label: string; onClick: () => void };
  transition?: SnackbarTransition;
  anchor?: SnackbarAnchor;
  /** Milliseconds before it closes by itself; `null` keeps it until closed. */
  autoHideMs?: number | null;
}

export interface Snackbar extends Required<Omit<SnackbarOptions, 'action'>> {
  id: string;
  action?: SnackbarOptions['action'];
}

export const MAX_SNACKBARS = 3;
export const DEFAULT_AUTO_HIDE_MS = 6000;
export const DEFAULT_ANCHOR: SnackbarAnchor = { vertical: 'bottom', horizontal: 'right' };
/** Scripts outside React show one with `window.dispatchEvent(new CustomEvent(SNACKBAR_EVENT, { detail: options }))`. */
export const SNACKBAR_EVENT = 'app:snackbar';

declare global {
  interface WindowEventMap {
    [SNACKBAR_EVENT]: CustomEvent<SnackbarOptions>;
  }
}

/** Oldest first. */
export const $snackbars = atom<readonly Snackbar[]>([]);

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}
const timers = new Map<string, Timer>();
let sequence = 0;

function startTimer(id: string, ms: number): void {
  const handle = setTimeout(() => closeSnackbar(id), ms);
  timers.set(id, { handle, remaining: ms, startedAt: Date.now() });
}

/** The same news again: it replaces the one on screen rather than stacking a copy over the page. */
function sameNews(a: Snackbar, b: Snackbar): boolean {
  return (
    !a.action &&
    !b.action &&
    a.message === b.message &&
    a.severity === b.severity &&
    a.variant === b.variant &&
    a.anchor.vertical === b.anchor.vertical &&
    a.anchor.horizontal === b.anchor.horizontal
  );
}

/**
 * Shows a snackbar and returns its id. A fourth one pushes the oldest out; one that says what a
 * shown one says (a form saved twice) takes its place, with a fresh countdown.
 */
export function showSnackbar(options: SnackbarOptions): string {
  const id = `snackbar-${++sequence}`;
  const snackbar: Snackbar = {
    id,
    message: options.message,
    variant: options.variant ?? 'default',
    severity: options.severity ?? 'info',
    transition: options.transition ?? 'Fade',
    anchor: options.anchor ?? DEFAULT_ANCHOR,
    autoHideMs: options.autoHideMs === undefined ? DEFAULT_AUTO_HIDE_MS : options.autoHideMs,
    ...(options.action ? { action: options.action } : {}),
  };
  const shown = $snackbars.get();
  for (const repeated of shown.filter((other) => sameNews(other, snackbar))) forget(repeated.id);
  const list = [...shown.filter((other) => !sameNews(other, snackbar)), snackbar];
  for (const pushedOut of list.splice(0, Math.max(0, list.length - MAX_SNACKBARS))) forget(pushedOut.id);
  $snackbars.set(list);
  if (snackbar.autoHideMs !== null) startTimer(id, snackbar.autoHideMs);
  return id;
}

function forget(id: string): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

/** Closes one snackbar; closing one already gone does nothing. */
export function closeSnackbar(id: string): void {
  forget(id);
  const list = $snackbars.get();
  if (list.some((snackbar) => snackbar.id === id)) $snackbars.set(list.filter((item) => item.id !== id));
}

export function closeAllSnackbars(): void {
  for (const { id } of $snackbars.get()) forget(id);
  $snackbars.set([]);
}

/** Runs the snackbar's action, then closes it. */
export function runSnackbarAction(id: string): void {
  const snackbar = $snackbars.get().find((item) => item.id === id);
  closeSnackbar(id);
  snackbar?.action?.onClick();
}

/**
 * Stops the countdown while the pointer or the keyboard focus is on the snackbar, so a message
 * (or its Undo) does not vanish while someone is reading or reaching it.
 */
export function pauseSnackbar(id: string): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { handle: null, remaining: timer.remaining - (Date.now() - timer.startedAt), startedAt: 0 });
}

/** Restarts the countdown with the time that was left (at least a second, to be seen at all). */
export function resumeSnackbar(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.handle) return;
  startTimer(id, Math.max(timer.remaining, 1000));
}

/** Events come from any script, so their detail is checked rather than trusted. */
function isOptions(value: unknown): value is SnackbarOptions {
  if (typeof value !== 'object' || value === null) return false;
  const { message, action } = value as Partial<SnackbarOptions>;
  return (
    typeof message === 'string' &&
    (action === undefined || (typeof action.label === 'string' && typeof action.onClick === 'function'))
  );
}

/** Shows a snackbar for every {@link SNACKBAR_EVENT} on `target`; returns the unsubscribe. */
export function listenForSnackbarEvents(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
) {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (isOptions(detail)) showSnackbar(detail);
  };
  target.addEventListener(SNACKBAR_EVENT, listener);
  return () => target.removeEventListener(SNACKBAR_EVENT, listener);
}
