/**
 * Resolves in a later task, so the work after it does not add to the task before. The SDK's start-up
 * is cut into such pieces: one long run of script would be a long task on the host's main thread.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
