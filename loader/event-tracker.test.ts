import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import {
  createEventTracker,
  type EventTrackerDeps,
  eventLimits,
  type TrackedEvent,
} from "./event-tracker.ts";

type Body = Parameters<EventTrackerDeps["send"]>[0];

/** Lets awaited sends settle (promise callbacks only; no timers involved). */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
  history.replaceState(null, "", "/");
});

function setup(overrides: Partial<EventTrackerDeps> = {}) {
  let clock = 1_000_000;
  let url = "https://host.example/start";
  let streamable = true;
  let opened = false;
  let outcome: "ok" | "fail" = "ok";
  const sent: Body[] = [];
  const tracker = createEventTracker({
    send: async (body) => {
      sent.push(body);
      if (outcome === "fail") throw { status: 500, statusText: "Internal Server Error", responseText: "" };
      return {};
    },
    canStream: () => streamable,
    isOpened: () => opened,
    currentUrl: () => url,
    sdkVersion: "14.6.7",
    startedAt: 1_000_000,
    now: () => clock,
    ...overrides,
  });
  return {
    tracker,
    sent,
    setClock: (value: number) => {
      clock = value;
    },
    setUrl: (value: string) => {
      url = value;
    },
    setStreamable: (value: boolean) => {
      streamable = value;
    },
    setOpened: (value: boolean) => {
      opened = value;
    },
    setOutcome: (value: "ok" | "fail") => {
      outcome = value;
    },
  };
}

/** A tracker whose sends fail, paused by three failed flushes in a row with one event queued. */
async function pausedSetup(event: string) {
  const setupOf = setup();
  setupOf.setOutcome("fail");
  setupOf.tracker.track(event);
  await setupOf.tracker.flush();
  await setupOf.tracker.flush();
  await setupOf.tracker.flush();
  return setupOf;
}

/** Advances the fake clock one step at a time, letting each send settle in between. */
async function advance(ms: number, step = 500) {
  for (let passed = 0; passed < ms; passed += step) {
    jest.advanceTimersByTime(Math.min(step, ms - passed));
    await settle();
  }
}

const names = (events: TrackedEvent[]) => events.map((event) => event.name);

test("the limits of spec §9", () => {
  expect(eventLimits).toEqual({
    max: 500,
    streamMs: 2500,
    pageViewMs: 1000,
    errorResetMs: 60_000,
    maxErrors: 2,
  });
});

describe("track", () => {
  test("records name, ISO date and data (no data key without data)", () => {
    const { tracker, setClock } = setup();
    setClock(Date.UTC(2030, 0, 1, 12, 0, 0));
    tracker.track("signup", { plan: "pro" });
    tracker.track("plain");
    expect(tracker.events()).toEqual([
      { name: "signup", date: "2030-01-01T12:00:00.000Z", data: { plan: "pro" } },
      { name: "plain", date: "2030-01-01T12:00:00.000Z" },
    ]);
    expect("data" in (tracker.events()[1] as object)).toBe(false);
    expect(tracker.pending()).toBe(2);
  });

  test("keeps at most 500 events in the log and in the queue, dropping the oldest", async () => {
    const { tracker, sent } = setup();
    for (let i = 0; i < 501; i++) tracker.track(`e${i}`);
    expect(tracker.events()).toHaveLength(500);
    expect(tracker.events()[0]?.name).toBe("e1");
    expect(tracker.events()[499]?.name).toBe("e500");
    expect(tracker.pending()).toBe(500);

    await tracker.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(500);
    expect(sent[0]?.events[0]?.name).toBe("e1");
    expect(sent[0]?.events[499]?.name).toBe("e500");
  });

  test("well over the cap, still exactly the newest 500", () => {
    const { tracker } = setup();
    for (let i = 0; i < 1234; i++) tracker.track(`e${i}`);
    expect(tracker.events()).toHaveLength(500);
    expect(tracker.events()[0]?.name).toBe("e734");
    expect(tracker.pending()).toBe(500);
  });
});

describe("streaming", () => {
  test("sends queued events every 2.5 s with the reference body", async () => {
    const { tracker, sent, setClock } = setup();
    tracker.start();
    await settle();
    // The first batch, the page view, at once (see below).
    expect(names(sent[0]?.events ?? [])).toEqual(["pageView"]);
    tracker.track("signup", { plan: "pro" });
    setClock(1_000_000 + 12_400);

    jest.advanceTimersByTime(2499);
    await settle();
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await settle();

    expect(sent).toHaveLength(2);
    const body = sent[1] as Body;
    expect(Object.keys(body).sort()).toEqual(["events", "opened", "sdkVersion", "time", "type", "ws"]);
    expect(body).toEqual({
      time: 12,
      events: [{ name: "signup", date: new Date(1_000_000).toISOString(), data: { plan: "pro" } }],
      opened: false,
      type: "js",
      sdkVersion: "14.6.7",
      ws: true,
    });
    expect(tracker.pending()).toBe(0);
    tracker.stop();
  });

  test("the first batch goes at start, before the socket is up (ws: false); the rest waits for it", async () => {
    const { tracker, sent, setStreamable } = setup();
    // The session is there, the socket not yet.
    setStreamable(false);
    tracker.track("sessionStarted");
    tracker.start();
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    expect(names(sent[0]?.events ?? [])).toEqual(["sessionStarted", "pageView"]);
    expect(sent[0]?.ws).toBe(false);
    tracker.track("later");
    await advance(5000);
    expect(sent).toHaveLength(1);
    setStreamable(true);
    await advance(2500);
    expect(sent).toHaveLength(2);
    expect(names(sent[1]?.events ?? [])).toEqual(["later"]);
    expect(sent[1]?.ws).toBe(true);
    tracker.stop();
  });

  test("opened reports whether the widget is open at send time", async () => {
    const { tracker, sent, setOpened } = setup();
    tracker.track("a");
    setOpened(true);
    await tracker.flush();
    expect(sent[0]?.opened).toBe(true);
  });

  test("nothing is sent when the queue is empty", async () => {
    const { tracker, sent } = setup({ currentUrl: () => "https://host.example/" });
    tracker.start();
    await advance(2500);
    expect(sent).toHaveLength(1); // the first page view
    await advance(10_000);
    expect(sent).toHaveLength(1);
    tracker.stop();
  });

  test("after the first batch, only streams when canStream() says so; the queue waits meanwhile", async () => {
    const { tracker, sent, setStreamable } = setup();
    setStreamable(false);
    tracker.start();
    tracker.track("waiting");
    tracker.track("still waiting");
    await advance(10_000);
    expect(sent).toHaveLength(1);
    expect(tracker.pending()).toBe(2);

    setStreamable(true);
    await advance(2500);
    expect(sent).toHaveLength(2);
    expect(names(sent[1]?.events ?? [])).toEqual(["waiting", "still waiting"]);
    expect(tracker.pending()).toBe(0);
    tracker.stop();
  });

  test("events tracked while a send is in flight are kept for the next batch", async () => {
    let release = () => {};
    const sent: Body[] = [];
    const { tracker } = setup({
      send: (body) => {
        sent.push(body);
        if (sent.length > 1) return Promise.resolve({});
        return new Promise((resolve) => {
          release = () => resolve({});
        });
      },
    });
    tracker.track("first");
    const flushing = tracker.flush();
    tracker.track("second");
    await tracker.flush(); // skipped: a send is in flight
    expect(sent).toHaveLength(1);
    release();
    await flushing;
    await tracker.flush();
    expect(sent.map((body) => names(body.events))).toEqual([["first"], ["second"]]);
  });

  test("a failed send keeps its events (before newer ones) for the next attempt", async () => {
    const { tracker, sent, setOutcome } = setup();
    tracker.track("a");
    setOutcome("fail");
    await tracker.flush();
    tracker.track("b");
    expect(tracker.pending()).toBe(2);
    setOutcome("ok");
    await tracker.flush();
    expect(names(sent[1]?.events ?? [])).toEqual(["a", "b"]);
    expect(tracker.pending()).toBe(0);
  });

  test("pauses after more than 2 consecutive failures, keeps unsent events, resumes when errors reset at 60 s", async () => {
    const { tracker, sent, setOutcome } = setup();
    setOutcome("fail");
    tracker.start();
    tracker.track("kept");

    // The first batch at once, then every 2.5 s: the third failure in a row pauses.
    await advance(2500);
    expect(sent).toHaveLength(2);
    expect(tracker.paused()).toBe(false);
    await advance(2500);
    expect(sent).toHaveLength(3);
    expect(tracker.paused()).toBe(true);

    // Paused: no attempt until the error count resets at 60 s.
    await advance(57_500 - 5_000);
    expect(sent).toHaveLength(3);
    tracker.track("later");
    expect(tracker.pending()).toBe(3);

    setOutcome("ok");
    await advance(60_000 - 57_500);
    expect(tracker.paused()).toBe(false);
    await advance(2500);
    expect(sent).toHaveLength(4);
    expect(names(sent[3]?.events ?? [])).toEqual(["pageView", "kept", "later"]);
    expect(tracker.pending()).toBe(0);
    tracker.stop();
  });

  test("a success resets the consecutive failure count", async () => {
    const { tracker, sent, setOutcome } = setup();
    for (const outcome of ["fail", "fail", "ok", "fail", "fail"] as const) {
      setOutcome(outcome);
      tracker.track(outcome);
      await tracker.flush();
    }
    expect(sent).toHaveLength(5);
    expect(tracker.paused()).toBe(false);
    setOutcome("fail");
    tracker.track("third-failure");
    await tracker.flush();
    expect(tracker.paused()).toBe(true);
    await tracker.flush();
    expect(sent).toHaveLength(6);
  });

  test("flush does nothing while paused, even when called directly", async () => {
    const { tracker, sent, setOutcome } = await pausedSetup("x");
    expect(tracker.paused()).toBe(true);
    setOutcome("ok");
    await tracker.flush();
    expect(sent).toHaveLength(3);
    expect(tracker.pending()).toBe(1);
  });
});

describe("page views", () => {
  test("start() records the current page at once, then checks every 1 s and records only changes", async () => {
    const { tracker, setUrl } = setup({ canStream: () => false });
    tracker.start();
    expect(tracker.events()).toEqual([
      {
        name: "pageView",
        date: new Date(1_000_000).toISOString(),
        data: { page: "https://host.example/start" },
      },
    ]);

    jest.advanceTimersByTime(3000);
    expect(tracker.events()).toHaveLength(1);

    setUrl("https://host.example/next");
    jest.advanceTimersByTime(999);
    expect(tracker.events()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(tracker.events()).toHaveLength(2);
    expect(tracker.events()[1]?.data).toEqual({ page: "https://host.example/next" });

    jest.advanceTimersByTime(5000);
    expect(tracker.events()).toHaveLength(2);
    tracker.stop();
  });

  test("a single-page-app route change (history.pushState) is a page view", () => {
    const { tracker } = setup({ canStream: () => false, currentUrl: () => window.location.href });
    tracker.start();
    history.pushState({}, "", "/courses/42?tab=jobs");
    jest.advanceTimersByTime(1000);
    history.pushState({}, "", "/courses/42?tab=jobs");
    jest.advanceTimersByTime(1000);
    expect(tracker.events().map((event) => event.data)).toEqual([
      { page: "http://localhost:3000/" },
      { page: "http://localhost:3000/courses/42?tab=jobs" },
    ]);
    tracker.stop();
  });

  test("going back to an earlier page is a new page view", () => {
    const { tracker, setUrl } = setup({ canStream: () => false });
    tracker.start();
    setUrl("https://host.example/b");
    jest.advanceTimersByTime(1000);
    setUrl("https://host.example/start");
    jest.advanceTimersByTime(1000);
    expect(tracker.events().map((event) => (event.data as { page: string }).page)).toEqual([
      "https://host.example/start",
      "https://host.example/b",
      "https://host.example/start",
    ]);
    tracker.stop();
  });
});

describe("restart and stop", () => {
  test("restart() drops the queue (the log stays) and clears the error count", async () => {
    const { tracker, sent, setOutcome } = await pausedSetup("old-session");
    expect(tracker.paused()).toBe(true);

    tracker.restart();

    expect(tracker.pending()).toBe(0);
    expect(tracker.paused()).toBe(false);
    expect(names(tracker.events())).toEqual(["old-session"]);
    setOutcome("ok");
    await tracker.flush();
    expect(sent).toHaveLength(3);
    tracker.track("new-session");
    await tracker.flush();
    expect(names(sent[3]?.events ?? [])).toEqual(["new-session"]);
  });

  test("start() creates the three timers once; stop() clears every one", async () => {
    const { tracker, sent, setUrl } = setup();
    expect(jest.getTimerCount()).toBe(0);
    tracker.start();
    expect(jest.getTimerCount()).toBe(3);
    tracker.start();
    expect(jest.getTimerCount()).toBe(3);
    expect(tracker.events()).toHaveLength(1);

    tracker.stop();
    expect(jest.getTimerCount()).toBe(0);
    tracker.track("after-stop");
    setUrl("https://host.example/elsewhere");
    await advance(120_000, 2500);
    // Only the first batch, sent by start itself.
    expect(sent).toHaveLength(1);
    expect(names(tracker.events())).toEqual(["pageView", "after-stop"]);
  });

  test("a stopped tracker can be started again", async () => {
    const { tracker, sent } = setup();
    tracker.start();
    tracker.stop();
    tracker.start();
    expect(jest.getTimerCount()).toBe(3);
    await advance(2500);
    expect(sent).toHaveLength(1);
    tracker.stop();
  });
});
