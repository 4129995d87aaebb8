import type { Struct } from "superstruct";
import type { MessageOf } from "../../shared/frame-messages.ts";
import type { ParentChannel } from "./parent-channel.ts";

// biome-ignore lint/suspicious/noExplicitAny: a table of any message structs, as frame-messages.ts types it.
type Schemas = Record<string, Struct<any, any>>;

/** A parent channel for the frame apps' tests: records what the app sends, delivers what the test says. */
export function fakeParentChannel<T extends Schemas>() {
  const sent: Array<{ name: string; data?: unknown; newTab?: boolean }> = [];
  let deliver: ((message: MessageOf<T>) => void) | null = null;
  const channel: ParentChannel<T> = {
    send: (message) => sent.push(message),
    start(onMessage) {
      deliver = onMessage;
      return () => {
        deliver = null;
      };
    },
    origin: () => null,
  };
  return {
    channel,
    sent,
    deliver(message: MessageOf<T>) {
      if (!deliver) throw new Error("the app is not listening");
      deliver(message);
    },
  };
}
