/** A pool's worker thread: busy while it holds a job. */
interface PoolThread {
  job: unknown;
}

/** The threads and the waiting jobs of a pool whose threads start on demand, up to `maxThreads`. */
export interface ThreadPoolJobs<Thread extends PoolThread, Job> {
  threads: Set<Thread>;
  queue: Job[];
  maxThreads: number;
  spawn(): Thread;
  start(thread: Thread, job: Job): void;
}

/**
 * Hands a new job to an idle thread, else to a new thread while the pool has room, else to the back
 * of the queue (a thread that finishes takes the queue's first job).
 */
export function dispatchJob<Thread extends PoolThread, Job>(
  pool: ThreadPoolJobs<Thread, Job>,
  job: Job,
): void {
  const idle = [...pool.threads].find((thread) => thread.job === null);
  if (idle) pool.start(idle, job);
  else if (pool.threads.size < pool.maxThreads) pool.start(pool.spawn(), job);
  else pool.queue.push(job);
}

/** How many of the threads are running a job. */
export function busyThreads(threads: Set<PoolThread>): number {
  return [...threads].filter((thread) => thread.job !== null).length;
}
