import type { Logger } from "../../logger.ts";

/** What a listener does on each event it cares about; the events it leaves out pass it by. */
export type EventHandlers<Events> = { [Name in keyof Events]?: (payload: Events[Name]) => Promise<void> };

/** One consumer of events: a name for the log, and its handlers. */
export interface EventListener<Events> {
  /** Names the listener in the line a failure of it logs. */
  name: string;
  on: EventHandlers<Events>;
}

export interface EventBus<Events> {
  /** Adds a listener after those already added: it hears each event after them. */
  listen(listener: EventListener<Events>): void;
  /**
   * Hands the event to every listener that handles it, one after another in the order they were
   * added, and resolves once the last is done. Never rejects: a listener that fails is logged and the
   * next one still runs.
   */
  emit<Name extends keyof Events & string>(event: Name, payload: Events[Name]): Promise<void>;
}

/**
 * A typed bus inside one process: the code that changed something says what happened once, after its
 * commit, and whoever must hear of it listens. Nothing crosses processes here: a listener that must
 * reach sockets held by another process publishes through the fan-out itself.
 *
 * Listeners run one after another and the emitter awaits them all, so a route that answers after
 * `emit` answers after every push and queued webhook, as it did when it made each call itself.
 * Everything a listener does follows a committed write and is best effort: the write stands whether
 * or not a push went out, so a failure is logged rather than thrown at the emitter.
 */
export function createEventBus<Events>(logger: Logger): EventBus<Events> {
  const listeners: EventListener<Events>[] = [];
  return {
    listen(listener) {
      listeners.push(listener);
    },
    async emit(event, payload) {
      for (const listener of listeners) {
        const handle = listener.on[event];
        if (!handle) continue;
        try {
          await handle(payload);
        } catch (error) {
          logger.warn("event listener failed", {
            event,
            listener: listener.name,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  };
}
