import { atom } from 'nanostores';

/** Whether the browser says it has a network. `true` until {@link followConnection} runs (and on the server). */
export const $online = atom(true);

export function setOnline(online: boolean): void {
  $online.set(online);
}

type ConnectionSource = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Pick<Navigator, 'onLine'>;
};

/** Keeps {@link $online} in step with the browser's `online`/`offline` events; returns the unsubscribe. */
export function followConnection(source: ConnectionSource = window): () => void {
  const update = () => setOnline(source.navigator.onLine);
  update();
  source.addEventListener('online', update);
  source.addEventListener('offline', update);
  return () => {
    source.removeEventListener('online', update);
    source.removeEventListener('offline', update);
  };
}
