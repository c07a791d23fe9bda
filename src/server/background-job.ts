/**
 * What starting a background job returns (background.ts starts them all), in a file of its own
 * so that the jobs need not import the file that imports them.
 */
export interface BackgroundJob {
  /** Resolves once the job's current round, if any, has finished; no new round starts. */
  stop(): Promise<void>;
}
