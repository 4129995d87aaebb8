import type { HostCommandName, WidgetEvents } from "../src/shared/widget-chunk-contract.ts";
import { readChecklistPush, readOutboundUpdate } from "../src/shared/widget-socket-pushes.ts";
import type { RealtimeMessage } from "./realtime-client.ts";

/** The surface command each outbound action type starts; any other type is a survey's form id. */
const outboundCommands: Record<string, HostCommandName | undefined> = {
  notification: "showNotification",
  banner: "showBanner",
  modal: "showModal",
  tour: "startProductTour",
};

interface DispatchDeps {
  events: WidgetEvents;
  setUnread(count: number): void;
  runCommand(command: HostCommandName, args: unknown[]): void;
}

/**
 * What the loader does with a socket push (src/shared/widget-socket-pushes.ts): an `update` sets the
 * badge and hands each outbound action to its surface (surfaces check the page filter themselves); a
 * `checklist` goes to the checklist elements. The messenger's own pushes are the frame's business.
 */
export function dispatchRealtime({ name, data }: Partial<RealtimeMessage>, deps: DispatchDeps): void {
  if (name === "update") {
    const { actions, unread } = readOutboundUpdate(data);
    if (unread !== undefined) deps.setUnread(unread);
    if (actions.length === 0) return;
    deps.events.emit("outbound-actions", actions);
    for (const action of actions) {
      const type = action.actionType;
      deps.runCommand((Object.hasOwn(outboundCommands, type) && outboundCommands[type]) || "showSurvey", [
        action,
      ]);
    }
  } else if (name === "checklist") {
    const checklist = readChecklistPush(data);
    if (checklist) deps.events.emit("checklist-update", checklist);
  }
}
