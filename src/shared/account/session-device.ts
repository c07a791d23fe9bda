import { fill } from '../../lib/labels';
import type { SessionDevice } from './session-row';

/** "Firefox on Windows", or whichever half is known, or "Unknown device". */
export function describeDevice(
  device: SessionDevice,
  labels: { device: string; unknownDevice: string },
): string {
  const { browser, os } = device;
  if (browser && os) return fill(labels.device, { browser, os });
  return browser ?? os ?? labels.unknownDevice;
}
