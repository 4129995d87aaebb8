import { afterEach, describe, expect, mock, test } from "bun:test";
import { createChunkContext } from "../common/chunk-context-test-support.ts";
import type { RecordedEvent, ReplayData } from "./replay-recorder.ts";

// rrweb itself is exercised in the browser (e2e/capture.e2e.ts); here a stand-in records the calls.
const runs: Array<{ options: Record<string, unknown>; stopped: boolean }> = [];
const fakeRecord = Object.assign(
  (options: Record<string, unknown> & { emit(event: RecordedEvent, isCheckout?: boolean): void }) => {
    const run = { options, stopped: false };
    runs.push(run);
    options.emit({ type: 4, timestamp: Date.now(), data: { href: location.href } });
    options.emit({ type: 2, timestamp: Date.now(), data: { node: {} } });
    return () => {
      run.stopped = true;
    };
  },
  { takeFullSnapshot: () => {} },
);
mock.module("@rrweb/record", () => ({ record: fakeRecord }));
const { mount, run } = await import("./replay-chunk.ts");

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
  runs.length = 0;
});

describe("the replay chunk", () => {
  test("mounting records nothing; startReplay records with the defaults; replayData answers the report's webReplay", () => {
    unmount = mount(createChunkContext());
    expect(runs).toHaveLength(0);
    expect(run("replayData", [])).toBeNull();
    run("setReplayOptions", [{ maskAllInputs: true }]);
    run("startReplay", []);
    expect(runs[0]?.options).toMatchObject({
      blockClass: "gl-block",
      blockSelector: "#gleap-widget-root, .gl-block",
    });
    // The host's maskAllInputs is folded into the privacy rule's maskInputFn (replay-privacy.ts).
    const maskInput = runs[0]?.options.maskInputFn as (text: string, element: Element) => string;
    expect(maskInput("Ada", document.createElement("input"))).toBe("***");
    const replay = run("replayData", []) as ReplayData;
    expect(replay).toMatchObject({ type: "rrweb", baseUrl: "http://localhost:3000" });
    expect(replay.events.map((event) => event.type)).toEqual([4, 2]);
  });

  test("a flow's start takes the replay without restarting; unmounting stops the recorder", () => {
    const context = createChunkContext();
    unmount = mount(context);
    run("startReplay", []);
    context.events.emit("flow-started", { flow: "bugreporting" });
    run("startReplay", []);
    expect(runs).toHaveLength(1);
    context.events.emit("feedback-sent", {});
    unmount();
    unmount = null;
    expect(runs[0]?.stopped).toBe(true);
    expect(run("replayData", [])).toBeNull();
  });
});
