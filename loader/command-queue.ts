/** One call a host made on the snippet's stub before the loader arrived: method name and arguments. */
export interface QueuedCommand {
  e: string;
  a?: unknown[];
}

export type CommandTarget = Record<string, unknown>;

/**
 * Replays the snippet's queue in the order the host made the calls. A malformed entry or an unknown
 * method is reported and skipped, so one bad call cannot stop the ones after it.
 */
export function replayQueue(
  queue: unknown,
  target: CommandTarget,
  report: (message: string) => void,
): number {
  if (!Array.isArray(queue)) return 0;
  let replayed = 0;
  for (const entry of queue as unknown[]) {
    const command = entry as Partial<QueuedCommand> | null;
    const method = command && typeof command.e === "string" ? target[command.e] : undefined;
    if (typeof method !== "function") {
      report(`Gleap: ignoring queued call ${JSON.stringify(command?.e ?? entry)}`);
      continue;
    }
    try {
      // Nobody awaits a queued call (the stub answered nothing). No answer is looked at: the methods
      // report their own failures, and identify, the one that rejects, has handled its rejection.
      method.apply(target, Array.isArray(command?.a) ? command.a : []);
      replayed++;
    } catch {
      report(`Gleap: queued call ${command?.e} failed`);
    }
  }
  return replayed;
}
