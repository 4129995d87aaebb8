import { describe, expect, test } from "bun:test";
import type { FeedbackReportCreated } from "../../shared/host-visible-types.ts";
import { maxKeptReports } from "./report-bounds.ts";
import {
  answerWaitMs,
  createReportOutbox,
  isRetryable,
  type KeptReport,
  type KeptReportStore,
  retryDelayMs,
  stalledSendMs,
} from "./report-outbox.ts";

const created = (id: string): FeedbackReportCreated => ({
  id,
  shortId: `FB-${id}`,
  type: "BUG",
  priority: "MEDIUM",
  status: "OPEN",
  createdAt: "2026-01-01T00:00:00.000Z",
});

/** A store in memory, as IndexedDB keeps it: by key, listed per project in the order kept. */
function memoryStore(): KeptReportStore & { kept: Map<string, KeptReport>; broken: boolean } {
  const kept = new Map<string, KeptReport>();
  const store = {
    kept,
    broken: false,
    async put(report: KeptReport) {
      if (store.broken) throw new Error("QuotaExceededError");
      kept.set(report.key, structuredClone(report));
    },
    async delete(key: string) {
      kept.delete(key);
    },
    async list(sdkKey: string) {
      return [...kept.values()].filter((r) => r.sdkKey === sdkKey).sort((a, b) => a.keptAt - b.keptAt);
    },
  };
  return store;
}

/** Timers the test moves by hand. */
function manualClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    pending: () => [...timers.values()].map((timer) => timer.at - now).sort((a, b) => a - b),
    async advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
      await settle();
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

type Answer = { ok: true } | { ok: false; status: number } | "hang";

function setup(answers: Answer[] = []) {
  const store = memoryStore();
  const clock = manualClock();
  const posts: Array<{ key: string; body: Record<string, unknown> }> = [];
  const flags: boolean[] = [];
  const notices: Array<{ waiting: number; delivered: boolean }> = [];
  const warnings: string[] = [];
  let keys = 0;
  const outbox = createReportOutbox({
    sdkKey: "demo",
    store,
    post: (body, key) => {
      posts.push({ key, body });
      const answer = answers.shift() ?? { ok: true };
      if (answer === "hang") return new Promise(() => undefined);
      if (answer.ok) return Promise.resolve(created(key));
      return Promise.reject({ status: answer.status, statusText: "", responseText: "" });
    },
    newKey: () => `key-${++keys}`,
    markKept: (kept) => void flags.push(kept),
    notify: (state) => void notices.push(state),
    report: (message) => void warnings.push(message),
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  return { outbox, store, clock, posts, flags, notices, warnings };
}

describe("which failures are tried again", () => {
  test("offline, timeouts, 408, 429 and 5xx are; other refusals are not", () => {
    for (const status of [0, 408, 429, 500, 502, 503]) expect(isRetryable({ status })).toBe(true);
    for (const status of [400, 401, 403, 404, 413]) expect(isRetryable({ status })).toBe(false);
    expect(isRetryable(new Error("no answer"))).toBe(true);
  });

  test("the backoff grows as 10·n² seconds and stops at five minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      10_000, 40_000, 90_000, 160_000, 250_000, 300_000, 300_000,
    ]);
  });
});

describe("the report outbox", () => {
  test("a report the server took is sent once, answered, and not kept", async () => {
    const s = setup([{ ok: true }]);
    const delivery = await s.outbox.send({ formData: { description: "hi" } });
    expect(delivery).toEqual({ status: "sent", answer: created("key-1") });
    expect(s.posts.map((p) => p.key)).toEqual(["key-1"]);
    await settle();
    expect(s.store.kept.size).toBe(0);
    // Kept while it is posted (a tab closed mid-send keeps it), let go after the 2xx.
    expect(s.flags).toEqual([true, false]);
  });

  test("the post leaves before the copy is written, and a 2xx is answered without waiting for the store", async () => {
    const s = setup([{ ok: true }]);
    const put = s.store.put;
    let written: () => void = () => {};
    s.store.put = (report) => new Promise<void>((resolve) => (written = resolve)).then(() => put(report));
    const delivery = s.outbox.send({ formData: { description: "hi" } });
    await settle();
    expect(s.posts.map((p) => p.key)).toEqual(["key-1"]);
    expect(await delivery).toEqual({ status: "sent", answer: created("key-1") });
    // The copy is let go once it is written: nothing stays behind.
    written();
    await settle();
    expect(s.store.kept.size).toBe(0);
    expect(s.flags).toEqual([true, false]);
  });

  test("the flag is raised before the copy is written: a page view that ends during the write leaves it for the next", async () => {
    const s = setup([{ ok: true }]);
    s.store.put = () => new Promise<void>(() => undefined);
    expect(await s.outbox.send({ formData: { description: "reloaded" } })).toEqual({
      status: "sent",
      answer: created("key-1"),
    });
    await settle();
    expect(s.flags).toEqual([true]);
  });

  test("a copy let go while another is being written leaves the flag raised", async () => {
    const s = setup([{ ok: true }, { ok: true }]);
    const remove = s.store.delete;
    let removed: () => void = () => {};
    s.store.delete = (key) => new Promise<void>((resolve) => (removed = resolve)).then(() => remove(key));
    await s.outbox.send({ formData: { description: "first" } });
    await settle();
    const put = s.store.put;
    let written: () => void = () => {};
    s.store.put = (report) => new Promise<void>((resolve) => (written = resolve)).then(() => put(report));
    await s.outbox.send({ formData: { description: "second" } });
    await settle();
    // The first copy goes while the second is still being written: the store then lists none.
    s.store.delete = remove;
    removed();
    await settle();
    expect(s.flags).toEqual([true, true]);
    written();
    await settle();
    expect(s.flags.at(-1)).toBe(false);
    expect(s.store.kept.size).toBe(0);
  });

  test("a try that fails before its copy is written waits for the copy, then is queued and retried", async () => {
    const s = setup([{ ok: false, status: 0 }, { ok: true }]);
    const put = s.store.put;
    let written: () => void = () => {};
    s.store.put = (report) => new Promise<void>((resolve) => (written = resolve)).then(() => put(report));
    let answered = false;
    const delivery = s.outbox.send({ formData: { description: "offline" } }, { told: true });
    void delivery.then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    written();
    expect(await delivery).toEqual({ status: "queued" });
    expect(s.store.kept.size).toBe(1);
    expect(s.notices).toEqual([{ waiting: 1, delivered: false }]);
    await s.clock.advance(retryDelayMs(1));
    expect(s.posts.map((p) => p.key)).toEqual(["key-1", "key-1"]);
    expect(s.store.kept.size).toBe(0);
  });

  test("a flush while a sent report's copy is being let go does not send it again", async () => {
    const s = setup([{ ok: true }, { ok: true }]);
    const remove = s.store.delete;
    let removed: () => void = () => {};
    s.store.delete = (key) => new Promise<void>((resolve) => (removed = resolve)).then(() => remove(key));
    await s.outbox.send({ formData: { description: "hi" } });
    await settle();
    await s.outbox.sendKept();
    expect(s.posts).toHaveLength(1);
    removed();
    await settle();
    expect(s.store.kept.size).toBe(0);
  });

  test("offline: the report is kept with its parts and answered queued; the retry sends it with the same key", async () => {
    const s = setup([{ ok: false, status: 0 }, { ok: true }]);
    const body = {
      formData: { description: "offline" },
      screenshotData: { html: "<p>page</p>" },
      webReplay: { events: [1] },
    };
    expect(await s.outbox.send(body)).toEqual({ status: "queued" });
    expect([...s.store.kept.values()].map((r) => r.body)).toEqual([body]);
    expect(s.clock.pending()).toEqual([retryDelayMs(1)]);
    await s.clock.advance(retryDelayMs(1));
    expect(s.posts.map((p) => p.key)).toEqual(["key-1", "key-1"]);
    expect(s.store.kept.size).toBe(0);
    expect(s.flags.at(-1)).toBe(false);
  });

  test("failures in a row wait longer each time; the online event sends at once and starts the backoff over", async () => {
    const s = setup([
      { ok: false, status: 503 },
      { ok: false, status: 429 },
      { ok: false, status: 0 },
      { ok: true },
    ]);
    expect(await s.outbox.send({})).toEqual({ status: "queued" });
    await s.clock.advance(retryDelayMs(1));
    expect(s.posts).toHaveLength(2);
    expect(s.clock.pending()).toEqual([retryDelayMs(2)]);
    await s.clock.advance(retryDelayMs(2));
    expect(s.posts).toHaveLength(3);
    expect(s.clock.pending()).toEqual([retryDelayMs(3)]);
    s.outbox.online();
    await settle();
    expect(s.posts).toHaveLength(4);
    expect(s.store.kept.size).toBe(0);
    expect(s.clock.pending()).toEqual([]);
  });

  test("a refusal no retry would change (413) is not kept and rejects, so the frame says it failed", async () => {
    const s = setup([{ ok: false, status: 413 }]);
    await expect(s.outbox.send({})).rejects.toEqual({ status: 413, statusText: "", responseText: "" });
    expect(s.store.kept.size).toBe(0);
    expect(s.clock.pending()).toEqual([]);
  });

  test("a send without an answer is queued for the visitor after the wait, and still not sent twice while under way", async () => {
    const s = setup(["hang", { ok: true }]);
    const delivery = s.outbox.send({});
    await settle();
    await s.clock.advance(answerWaitMs);
    expect(await delivery).toEqual({ status: "queued" });
    // The online event leaves the report to the try under way.
    s.outbox.online();
    await settle();
    expect(s.posts).toHaveLength(1);
    // A try that never answers is taken for lost and made again, with the same key.
    await s.clock.advance(stalledSendMs - answerWaitMs);
    await s.clock.advance(retryDelayMs(1));
    expect(s.posts.map((p) => p.key)).toEqual(["key-1", "key-1"]);
    expect(s.store.kept.size).toBe(0);
  });

  test("kept reports of an earlier page view go oldest first, each with its own key; another project's stay", async () => {
    const s = setup([{ ok: true }, { ok: true }]);
    await s.store.put({ key: "b", sdkKey: "demo", body: { n: 2 }, keptAt: 2 });
    await s.store.put({ key: "a", sdkKey: "demo", body: { n: 1 }, keptAt: 1 });
    await s.store.put({ key: "x", sdkKey: "other", body: {}, keptAt: 0 });
    await s.outbox.sendKept();
    expect(s.posts.map((p) => [p.key, p.body])).toEqual([
      ["a", { n: 1 }],
      ["b", { n: 2 }],
    ]);
    expect([...s.store.kept.keys()]).toEqual(["x"]);
    expect(s.flags.at(-1)).toBe(false);
  });

  test("while the network is down the first kept report fails and the rest wait for the retry", async () => {
    const s = setup([{ ok: false, status: 0 }]);
    await s.store.put({ key: "a", sdkKey: "demo", body: {}, keptAt: 1 });
    await s.store.put({ key: "b", sdkKey: "demo", body: {}, keptAt: 2 });
    await s.outbox.sendKept();
    expect(s.posts.map((p) => p.key)).toEqual(["a"]);
    expect(s.store.kept.size).toBe(2);
    await s.clock.advance(retryDelayMs(1));
    expect(s.posts.map((p) => p.key)).toEqual(["a", "a", "b"]);
    expect(s.store.kept.size).toBe(0);
  });

  test("without IndexedDB the report is still sent, once, and a failure is the sender's", async () => {
    const s = setup([{ ok: false, status: 0 }]);
    s.store.broken = true;
    await expect(s.outbox.send({})).rejects.toMatchObject({ status: 0 });
    expect(s.warnings).toContain("the report could not be kept on this device; it is sent once");
    expect(s.clock.pending()).toEqual([]);
  });

  test("a stopped outbox (the chunk unmounted) sends nothing more", async () => {
    const s = setup([{ ok: false, status: 0 }]);
    await s.outbox.send({});
    s.outbox.stop();
    expect(s.clock.pending()).toEqual([]);
    await s.outbox.sendKept();
    expect(s.posts).toHaveLength(1);
  });
});

/** A kept report of `bytes` bytes, as an earlier send left it. */
const keptOf = (key: string, bytes: number, extra: Partial<KeptReport> = {}): KeptReport => ({
  key,
  sdkKey: "demo",
  body: { formData: { description: key } },
  keptAt: 1,
  bytes,
  ...extra,
});

describe("an outbox at its bounds", () => {
  test("a full outbox posts the new report once, unkept: offline, the sender hears it failed", async () => {
    const s = setup([{ ok: false, status: 0 }, { ok: true }]);
    for (let i = 0; i < maxKeptReports; i++) await s.store.put(keptOf(`k${i}`, 10));
    await expect(s.outbox.send({ formData: { n: 11 } }, { told: true })).rejects.toMatchObject({ status: 0 });
    expect(s.store.kept.size).toBe(maxKeptReports);
    expect(s.warnings).toContain("the outbox on this device is full; the report is sent once");
    expect(s.clock.pending()).toEqual([]);
    // Online, it simply goes.
    expect(await s.outbox.send({ formData: { n: 12 } })).toMatchObject({ status: "sent" });
    expect(s.store.kept.size).toBe(maxKeptReports);
  });

  test("a report kept is stored with its size and whether the visitor sent it", async () => {
    const s = setup([{ ok: false, status: 0 }]);
    await s.outbox.send({ formData: { description: "offline" } }, { told: true });
    expect([...s.store.kept.values()]).toEqual([
      {
        key: "key-1",
        sdkKey: "demo",
        body: { formData: { description: "offline" } },
        keptAt: 0,
        bytes: JSON.stringify({ formData: { description: "offline" } }).length,
        told: true,
      },
    ]);
  });
});

describe("what the visitor is told", () => {
  test("a report sent at once tells nothing beyond the frame's thank-you", async () => {
    const s = setup([{ ok: true }]);
    await s.outbox.send({}, { told: true });
    expect(s.notices).toEqual([]);
  });

  test("a report that waits is told as waiting, then as delivered when the retry takes it", async () => {
    const s = setup([{ ok: false, status: 0 }, { ok: true }]);
    expect(await s.outbox.send({}, { told: true })).toEqual({ status: "queued" });
    expect(s.notices).toEqual([{ waiting: 1, delivered: false }]);
    await s.clock.advance(retryDelayMs(1));
    expect(s.notices.at(-1)).toEqual({ waiting: 0, delivered: true });
  });

  test("a slow answer: queued after the wait, delivered when the answer comes", async () => {
    let answer: (value: FeedbackReportCreated) => void = () => {};
    const s = setup();
    const outbox = createReportOutbox({
      sdkKey: "demo",
      store: s.store,
      post: () => new Promise((resolve) => (answer = resolve)),
      newKey: () => "slow",
      markKept: () => {},
      notify: (state) => void s.notices.push(state),
      report: () => {},
      now: s.clock.now,
      setTimeout: s.clock.setTimeout,
      clearTimeout: s.clock.clearTimeout,
    });
    const delivery = outbox.send({}, { told: true });
    await settle();
    await s.clock.advance(answerWaitMs);
    expect(await delivery).toEqual({ status: "queued" });
    expect(s.notices).toEqual([{ waiting: 1, delivered: false }]);
    answer(created("slow"));
    await settle();
    expect(s.notices.at(-1)).toEqual({ waiting: 0, delivered: true });
  });

  test("silent crash reports are never told", async () => {
    const s = setup([{ ok: false, status: 0 }, { ok: true }]);
    await s.outbox.send({ type: "CRASH" });
    await s.clock.advance(retryDelayMs(1));
    expect(s.store.kept.size).toBe(0);
    expect(s.notices).toEqual([]);
  });

  test("at a later start, a visitor's kept report is told as delivered when it goes; a failing one as waiting", async () => {
    const s = setup([{ ok: false, status: 0 }, { ok: true }, { ok: true }]);
    await s.store.put(keptOf("mine", 10, { told: true, keptAt: 1 }));
    await s.store.put(keptOf("crash", 10, { keptAt: 2 }));
    await s.outbox.sendKept();
    expect(s.notices).toEqual([{ waiting: 1, delivered: false }]);
    s.outbox.online();
    await settle();
    expect(s.posts.map((p) => p.key)).toEqual(["mine", "mine", "crash"]);
    expect(s.notices).toEqual([
      { waiting: 1, delivered: false },
      { waiting: 0, delivered: true },
    ]);
  });

  test("a waiting report the server then refuses is no longer waiting, and not told as delivered", async () => {
    const s = setup([
      { ok: false, status: 503 },
      { ok: false, status: 400 },
    ]);
    await s.outbox.send({}, { told: true });
    await s.clock.advance(retryDelayMs(1));
    expect(s.store.kept.size).toBe(0);
    expect(s.notices).toEqual([
      { waiting: 1, delivered: false },
      { waiting: 0, delivered: false },
    ]);
  });
});
