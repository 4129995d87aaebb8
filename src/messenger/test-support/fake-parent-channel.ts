import { act, type ReactNode } from "react";
import type { MessageOf } from "../../shared/frame-messages.ts";
import type { FrameSchemas, ParentChannel } from "../banner/parent-channel.ts";
import { mount } from "./dom-kit.ts";

/** A parent channel for the frame apps' tests: records what the app sends, delivers what the test says. */
export function fakeParentChannel<T extends FrameSchemas>() {
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

/** A frame app mounted on a fake parent channel: its container, what it sent, and the host's side. */
export async function mountOnFakeParent<T extends FrameSchemas>(
  app: (channel: ParentChannel<T>) => ReactNode,
) {
  const fake = fakeParentChannel<T>();
  const container = await mount(app(fake.channel));
  return { ...fake, container };
}

/**
 * A frame app mounted on a fake parent channel and handed the host's `message`; what it sent on the
 * way (that its data is set, its height) is cleared, so a test sees only what its own steps send.
 */
export async function shownOnFakeParent<T extends FrameSchemas>(
  app: (channel: ParentChannel<T>) => ReactNode,
  message: MessageOf<T>,
) {
  const mounted = await mountOnFakeParent(app);
  await act(async () => mounted.deliver(message));
  mounted.sent.length = 0;
  return mounted;
}

/** The host's data message for a banner or a modal frame: the outbound's fields as the test gives them. */
export const outboundDataMessage = <K extends "banner" | "modal">(
  type: K,
  data: Record<string, unknown>,
) => ({
  name: `${type}-data` as const,
  type,
  data,
});
