import { describe, expect, test } from "bun:test";
import { maxEventChars, placeholderImage } from "./event-size.ts";
import { createReplayRecorder, type RecordedEvent, type RecordFunction } from "./replay-recorder.ts";

/** A stand-in for rrweb's `record`: remembers its options and lets the test emit events. */
function fakeRecord() {
  const runs: Array<{ options: Record<string, unknown>; stopped: boolean }> = [];
  let emit: ((event: RecordedEvent, isCheckout?: boolean) => void) | null = null;
  let clock = 0;
  const snapshots: boolean[] = [];
  const record = ((options) => {
    const run = { options, stopped: false };
    runs.push(run);
    emit = options.emit;
    options.emit({ type: 4, timestamp: clock, data: { href: "https://shop.example/" } });
    options.emit({ type: 2, timestamp: clock, data: { node: {} } });
    return () => {
      run.stopped = true;
    };
  }) as RecordFunction;
  record.takeFullSnapshot = (isCheckout) => {
    snapshots.push(isCheckout === true);
    emit?.({ type: 4, timestamp: clock, data: {} }, isCheckout);
    emit?.({ type: 2, timestamp: clock, data: { node: {} } });
  };
  return {
    record,
    runs,
    snapshots,
    emit: (event: Omit<RecordedEvent, "timestamp">) =>
      emit?.({ ...event, timestamp: clock } as RecordedEvent),
    at: (ms: number) => {
      clock = ms;
    },
    now: () => clock,
  };
}

function fakeWindow() {
  const intervals: Array<() => void> = [];
  return {
    intervals,
    window: {
      location: { origin: "https://shop.example" } as Location,
      innerWidth: 1280,
      innerHeight: 800,
      navigator: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" } as Navigator,
      setInterval: ((callback: () => void) => {
        intervals.push(callback);
        return intervals.length as unknown as ReturnType<typeof setInterval>;
      }) as unknown as typeof setInterval,
      clearInterval: (() => {}) as typeof clearInterval,
    },
  };
}

/** A recorder on a fake `record` and window. */
function recorderOn(fake = fakeRecord()) {
  return createReplayRecorder({ record: fake.record, window: fakeWindow().window, now: fake.now });
}

/** A recorder on a fake rrweb, already started. */
function startedRecorder() {
  const fake = fakeRecord();
  const recorder = recorderOn(fake);
  recorder.start();
  return { fake, recorder };
}

/** The latest event the recorder holds, in the shape the test expects. */
const lastEvent = <T>(recorder: ReturnType<typeof createReplayRecorder>) =>
  recorder.data()?.events.at(-1) as T;

describe("the replay recorder", () => {
  test("records with the defaults and answers the report's webReplay", () => {
    const fake = fakeRecord();
    const { window } = fakeWindow();
    const recorder = createReplayRecorder({ record: fake.record, window, now: fake.now });
    expect(recorder.data()).toBeNull();
    fake.at(1000);
    recorder.start();
    expect(fake.runs[0]?.options).toMatchObject({ blockClass: "gl-block", maskTextClass: "gl-mask" });
    fake.at(1500);
    fake.emit({ type: 3, data: { source: 2, type: 2, id: 1 } });
    expect(recorder.data()).toEqual({
      startDate: 1000,
      events: [
        { type: 4, timestamp: 1000, data: { href: "https://shop.example/" } },
        { type: 2, timestamp: 1000, data: { node: {} } },
        { type: 3, timestamp: 1500, data: { source: 2, type: 2, id: 1 } },
      ],
      baseUrl: "https://shop.example",
      width: 1280,
      height: 800,
      isMobile: false,
      type: "rrweb",
    });
  });

  test("an event over the limit arrives stripped of its data URLs", () => {
    const { fake, recorder } = startedRecorder();
    fake.emit({
      type: 3,
      data: { source: 0, adds: [{ src: `data:image/png;base64,${"A".repeat(maxEventChars)}` }] },
    });
    const last = lastEvent<{ data: { adds: Array<{ src: string }> } }>(recorder);
    expect(last.data.adds[0]?.src).toBe(placeholderImage);
  });

  test("checkouts keep the buffer to the last minute; a started flow pins it", () => {
    const fake = fakeRecord();
    const { window, intervals } = fakeWindow();
    const recorder = createReplayRecorder({ record: fake.record, window, now: fake.now });
    recorder.start();
    const tick = (ms: number) => {
      fake.at(ms);
      fake.emit({ type: 3, data: { source: 1, positions: [] } });
      for (const poll of intervals) poll();
    };
    for (let ms = 5000; ms <= 125_000; ms += 5000) tick(ms);
    expect(fake.snapshots).toEqual([true, true]);
    expect(recorder.data()?.startDate).toBe(60_000);

    // A flow starts: no checkouts until the report, and nothing from a minute before is dropped.
    recorder.start();
    expect(fake.runs).toHaveLength(1);
    for (let ms = 130_000; ms <= 400_000; ms += 5000) tick(ms);
    expect(fake.snapshots).toEqual([true, true]);
    expect(recorder.data()?.startDate).toBe(60_000);
    recorder.release();
    tick(405_000);
    expect(fake.snapshots).toEqual([true, true, true]);
  });

  test("setReplayOptions merges and restarts a running recorder; a new start stops the earlier run", () => {
    const fake = fakeRecord();
    const recorder = recorderOn(fake);
    recorder.setOptions({ maskAllInputs: true });
    expect(fake.runs).toHaveLength(0);
    recorder.start();
    recorder.setOptions({ recordCanvas: true, emit: "ignored" });
    expect(fake.runs).toHaveLength(2);
    expect(fake.runs[0]?.stopped).toBe(true);
    expect(fake.runs[1]?.options).toMatchObject({ recordCanvas: true });
    // The host's maskAllInputs reaches rrweb through the rule's maskInputFn.
    const maskInput = fake.runs[1]?.options.maskInputFn as (text: string, element: Element) => string;
    expect(maskInput("Ada", document.createElement("input"))).toBe("***");
    expect(typeof fake.runs[1]?.options.emit).toBe("function");
    recorder.stop();
    expect(fake.runs[1]?.stopped).toBe(true);
    expect(recorder.data()).toBeNull();
  });

  test("with rrweb's mirror, serialised events get their fixes (a select's chosen option)", () => {
    document.body.innerHTML = "<select><option>S</option><option selected>M</option></select>";
    const chosen = document.querySelectorAll("option")[1] as Node;
    const fake = fakeRecord();
    fake.record.mirror = { getNode: (id) => (id === 7 ? chosen : null) };
    const recorder = recorderOn(fake);
    recorder.start();
    fake.emit({
      type: 3,
      data: { source: 0, adds: [{ node: { type: 2, tagName: "option", id: 7, attributes: {} } }] },
    });
    const last = lastEvent<{ data: { adds: Array<{ node: { attributes: object } }> } }>(recorder);
    expect(last.data.adds[0]?.node.attributes).toEqual({ selected: true });
    document.body.innerHTML = "";
  });

  test("the page's handlers and script addresses are left out of what it records", () => {
    const { fake, recorder } = startedRecorder();
    fake.emit({
      type: 3,
      data: {
        source: 0,
        adds: [
          {
            node: { type: 2, tagName: "a", id: 8, attributes: { href: "javascript:go()", onclick: "go()" } },
          },
        ],
        attributes: [{ id: 8, attributes: { onmouseover: "x", title: "Go" } }],
      },
    });
    const last = lastEvent<{
      data: { adds: Array<{ node: { attributes: object } }>; attributes: Array<{ attributes: object }> };
    }>(recorder);
    expect(last.data.adds[0]?.node.attributes).toEqual({});
    expect(last.data.attributes[0]?.attributes).toEqual({ onmouseover: null, title: "Go" });
  });
  test("a recorder that fails to start reports it and records nothing", () => {
    const reports: string[] = [];
    const record = (() => {
      throw new Error("no MutationObserver");
    }) as unknown as RecordFunction;
    record.takeFullSnapshot = () => {};
    const recorder = createReplayRecorder({
      record,
      window: fakeWindow().window,
      report: (message) => reports.push(message),
    });
    recorder.start();
    expect(reports).toEqual(["the replay recorder could not start"]);
    expect(recorder.running()).toBe(false);
    expect(recorder.data()).toBeNull();
  });
});
