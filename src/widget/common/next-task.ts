/**
 * Resolves in a later task (as `loader/next-task.ts` does for the loader), so the work after it does
 * not add to the task before: a surface cuts its start into such pieces, since one long run of script
 * (and the host page's layout it forces) would be a long task on the host's main thread.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
