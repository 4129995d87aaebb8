import { describe, expect, test } from "bun:test";
import { adminToSite, type BuilderTokenResult } from "../../shared/builder-messages.ts";
import { parseFrameMessage } from "../../shared/frame-messages.ts";
import {
  type BuilderSiteLink,
  builderInitText,
  builderTokenMarginMs,
  createBuilderAnswerer,
  type OpenBuilderOptions,
  targetOrigin,
} from "./open-builder.ts";

const options: OpenBuilderOptions = {
  kind: "tour",
  projectId: "p1",
  itemId: "o1",
  url: "https://shop.example.com/start?x=1",
};

describe("builderInitText", () => {
  test("is a load message the site's schema accepts, with the item, the API base and the builder token", () => {
    const text = builderInitText(options, "builder-1", "https://admin.example.com/api", "de");
    expect(parseFrameMessage(text, adminToSite)).toEqual({
      name: "load",
      type: "admin",
      data: {
        kind: "tour",
        projectId: "p1",
        itemId: "o1",
        apiUrl: "https://admin.example.com/api",
        builderToken: "builder-1",
        locale: "de",
      },
    });
  });

  test("the site's schema refuses the old shape with an access token", () => {
    const old = JSON.stringify({
      name: "load",
      type: "admin",
      data: { kind: "tour", projectId: "p1", itemId: "o1", apiUrl: "http://a/api", accessToken: "t" },
    });
    expect(parseFrameMessage(old, adminToSite)).toBeNull();
  });
});

/** An answerer on a fake clock and timer, with the tokens it fetched and the messages it posted. */
function answererWith(fetchToken: BuilderSiteLink["fetchToken"], onSaved?: () => void) {
  const clock = { now: Date.parse("2030-01-01T10:00:00Z") };
  const posted: string[] = [];
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const answerer = createBuilderAnswerer(
    { ...options, onSaved },
    {
      post: (text) => posted.push(text),
      apiUrl: "http://a/api",
      locale: () => "en-US",
      fetchToken,
      now: () => clock.now,
      setTimer: (run, ms) => {
        const timer = { at: clock.now + ms, run, cancelled: false };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
    },
  );
  /** Moves the clock and runs the timers that came due. */
  const advance = async (ms: number) => {
    clock.now += ms;
    for (const timer of timers.filter((t) => !t.cancelled && t.at <= clock.now)) {
      timer.cancelled = true;
      timer.run();
    }
    await settle();
  };
  const tokens = () => posted.map((text) => parseFrameMessage(text, adminToSite)?.data.builderToken);
  return { answerer, posted, timers, advance, tokens, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const init = JSON.stringify({ name: "init", type: "admin" });
const tenMinutes = 10 * 60_000;

describe("createBuilderAnswerer", () => {
  test("answers the site's init with load and a builder token, never the admin's access token", async () => {
    let fetched = 0;
    const { answerer, posted, tokens, clock } = answererWith(async () => {
      fetched += 1;
      return { token: "builder-1", expiresAt: new Date(clock.now + tenMinutes).toISOString() };
    });
    expect(answerer.onSiteMessage(init)?.name).toBe("init");
    await settle();
    expect(fetched).toBe(1);
    expect(tokens()).toEqual(["builder-1"]);
    const data = parseFrameMessage(posted[0], adminToSite)?.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual([
      "apiUrl",
      "builderToken",
      "itemId",
      "kind",
      "locale",
      "projectId",
    ]);
    expect(data).not.toHaveProperty("accessToken");
  });

  test("a site asking again and again gets the same token, fetched once", async () => {
    let fetched = 0;
    const { answerer, tokens, clock } = answererWith(async () => {
      fetched += 1;
      return { token: `builder-${fetched}`, expiresAt: new Date(clock.now + tenMinutes).toISOString() };
    });
    for (let i = 0; i < 5; i++) answerer.onSiteMessage(init);
    await settle();
    answerer.onSiteMessage(init);
    await settle();
    expect(fetched).toBe(1);
    expect(tokens()).toEqual(Array(6).fill("builder-1"));
  });

  test("a minute before the token runs out, the site gets a fresh one unasked", async () => {
    let fetched = 0;
    const { answerer, tokens, advance, clock } = answererWith(async () => {
      fetched += 1;
      return { token: `builder-${fetched}`, expiresAt: new Date(clock.now + tenMinutes).toISOString() };
    });
    answerer.onSiteMessage(init);
    await settle();
    await advance(tenMinutes - builderTokenMarginMs - 1000);
    expect(tokens()).toEqual(["builder-1"]);
    await advance(1000);
    expect(tokens()).toEqual(["builder-1", "builder-2"]);
    // A page load now reuses the fresh token; the next refresh comes with its end.
    answerer.onSiteMessage(init);
    await settle();
    await advance(tenMinutes - builderTokenMarginMs);
    expect(tokens()).toEqual(["builder-1", "builder-2", "builder-2", "builder-3"]);
    expect(fetched).toBe(3);
  });

  test("stops refreshing when the site's window is gone", async () => {
    const { answerer, tokens, advance, clock } = answererWith(async () => ({
      token: "builder-1",
      expiresAt: new Date(clock.now + tenMinutes).toISOString(),
    }));
    answerer.onSiteMessage(init);
    await settle();
    answerer.stop();
    await advance(tenMinutes);
    answerer.onSiteMessage(init);
    await settle();
    expect(tokens()).toEqual(["builder-1"]);
  });

  test("answers nothing when no token comes (signed out, item deleted)", async () => {
    const { answerer, posted } = answererWith(() => Promise.reject(new Error("401")));
    answerer.onSiteMessage(init);
    await settle();
    expect(posted).toEqual([]);
  });

  test("passes save on without answering, and ignores what is not an admin message", async () => {
    let saved = 0;
    let fetched = 0;
    const fetchToken = async (): Promise<BuilderTokenResult> => {
      fetched += 1;
      return { token: "t", expiresAt: "2030-01-01T11:00:00Z" };
    };
    const { answerer, posted } = answererWith(fetchToken, () => {
      saved += 1;
    });
    const save = JSON.stringify({ name: "save", type: "admin", data: { kind: "tour", itemId: "o1" } });
    expect(answerer.onSiteMessage(save)).toEqual({
      name: "save",
      type: "admin",
      data: { kind: "tour", itemId: "o1" },
    });
    expect(saved).toBe(1);
    for (const raw of [
      { name: "init", type: "admin" },
      JSON.stringify({ name: "init", type: "tourbuilder" }),
      JSON.stringify({ name: "load", type: "admin" }),
      "not json",
    ]) {
      expect(answerer.onSiteMessage(raw)).toBeNull();
    }
    await settle();
    expect(posted).toEqual([]);
    expect(fetched).toBe(0);
  });
});

describe("targetOrigin", () => {
  test("is the target page's origin, relative URLs against the admin's", () => {
    expect(targetOrigin(options.url, "http://admin.local/")).toBe("https://shop.example.com");
    expect(targetOrigin("/demo", "http://localhost:3000/dashboard")).toBe("http://localhost:3000");
  });

  test("refuses what is not an http(s) page", () => {
    expect(targetOrigin("javascript:alert(1)", "http://a/")).toBeNull();
    expect(targetOrigin("http://[bad", "http://a/")).toBeNull();
  });
});
