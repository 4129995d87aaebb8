import { describe, expect, test } from "bun:test";
import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import { createEventBus } from "./event-bus.ts";
import { dispatchRealtime } from "./realtime-dispatch.ts";

function dispatcher() {
  const events = createEventBus(() => {});
  const emitted: Array<[string, unknown]> = [];
  for (const name of ["outbound-actions", "checklist-update"])
    events.on(name, (data) => emitted.push([name, data]));
  const unread: number[] = [];
  const commands: Array<[HostCommandName, unknown[]]> = [];
  const deps = {
    events,
    setUnread: (count: number) => unread.push(count),
    runCommand: (command: HostCommandName, args: unknown[]) => commands.push([command, args]),
  };
  return { deps, emitted, unread, commands };
}

const action = (actionType: string) => ({
  actionType,
  outbound: "o",
  data: {},
  pageFilter: "",
  pageFilterType: "",
});

describe("socket pushes reach the surfaces", () => {
  test("each outbound action goes to its surface; any other type is a survey's form id", () => {
    const { deps, emitted, unread, commands } = dispatcher();
    const actions = ["notification", "banner", "modal", "tour", "form-7", "constructor"].map(action);
    dispatchRealtime({ name: "update", data: { a: actions, u: 2 } }, deps);
    expect(unread).toEqual([2]);
    expect(emitted).toEqual([["outbound-actions", actions]]);
    expect(commands.map(([command]) => command)).toEqual([
      "showNotification",
      "showBanner",
      "showModal",
      "startProductTour",
      "showSurvey",
      "showSurvey",
    ]);
    expect(commands[4]?.[1]).toEqual([actions[4]]);
  });

  test("an update with only a count sets the badge and emits nothing", () => {
    const { deps, emitted, unread, commands } = dispatcher();
    dispatchRealtime({ name: "update", data: { a: [], u: 0 } }, deps);
    expect([unread, emitted, commands]).toEqual([[0], [], []]);
  });

  test("a checklist push is passed on only when it is a checklist; the messenger's pushes are not the loader's", () => {
    const { deps, emitted, commands } = dispatcher();
    dispatchRealtime({ name: "checklist", data: { id: "c1" } }, deps);
    dispatchRealtime({ name: "checklist", data: "c1" }, deps);
    dispatchRealtime({ name: "conversation-message", data: { shareToken: "s" } }, deps);
    expect(emitted).toEqual([["checklist-update", { id: "c1" }]]);
    expect(commands).toEqual([]);
  });
});
