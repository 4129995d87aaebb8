import { describe, expect, test } from "bun:test";
import type { HostToMessengerMessage } from "../shared/frame-messages.ts";
import { createHostBinding, type HostCheck, type HostVerdict } from "./host-binding.ts";

const api = "https://api.example/api/widget";
const shop = "https://shop.example";

const session = (sdkKey: string, apiUrl = api, gleapId = "g"): HostToMessengerMessage => ({
  name: "session-update",
  data: { sessionData: { gleapId, gleapHash: "h" }, apiUrl, sdkKey },
});
const config: HostToMessengerMessage = { name: "config-update", data: { config: {}, aiTools: [] } };
const opened: HostToMessengerMessage = { name: "widget-status-update", data: { isWidgetOpen: true } };

/** What the frame received, as short names; a session by its key and visitor. */
const label = (message: HostToMessengerMessage) =>
  message.name === "session-update"
    ? `session ${message.data.sdkKey} ${(message.data.sessionData as { gleapId: string }).gleapId}`
    : message.name;

/** A binding whose checks the test answers, one at a time, in the order they were asked. */
function binding(frameKey: string | null = null) {
  const received: string[] = [];
  const checks: Array<HostCheck & { answer(verdict: HostVerdict): Promise<void> }> = [];
  const gate = createHostBinding({
    frameKey,
    checkHost: (check) =>
      new Promise((resolve) => {
        checks.push({
          ...check,
          // Resolves, then lets the binding's own continuation run.
          answer: async (verdict) => {
            resolve(verdict);
            await new Promise((done) => setTimeout(done, 0));
          },
        });
      }),
    deliver: (message) => received.push(label(message)),
  });
  return { gate, received, checks };
}

/** A binding whose first session, of `project`, the server answered with `verdict`. */
async function answeredBinding(project: string, verdict: HostVerdict) {
  const bound = binding();
  bound.gate.admit(session(project), shop);
  await bound.checks[0]?.answer(verdict);
  return bound;
}

describe("a frame opened without a project", () => {
  test("binds to the first session's project once the server allows the host's origin", async () => {
    const { gate, received, checks } = binding();
    gate.admit(config, shop);
    expect(received).toEqual(["config-update"]);
    gate.admit(session("shop"), shop);
    expect(received).toEqual(["config-update"]);
    expect(checks.map(({ apiUrl, sdkKey, hostOrigin }) => ({ apiUrl, sdkKey, hostOrigin }))).toEqual([
      { apiUrl: api, sdkKey: "shop", hostOrigin: shop },
    ]);
    await checks[0]?.answer("allowed");
    expect(received).toEqual(["config-update", "session shop g"]);
    // The same project's next session (identify, a new visitor) needs no second check.
    gate.admit(session("shop", `${api}/`, "g2"), shop);
    expect(received.at(-1)).toBe("session shop g2");
    expect(checks).toHaveLength(1);
  });

  test("a refused project's sessions are ignored; everything else still arrives", async () => {
    const { gate, received, checks } = await answeredBinding("other", "refused");
    gate.admit(config, shop);
    gate.admit(session("other", api, "g2"), shop);
    expect(received).toEqual(["config-update"]);
    expect(checks).toHaveLength(1);
  });

  test("once bound, a session naming another project or another API is ignored: the frame never switches", async () => {
    const { gate, received, checks } = await answeredBinding("shop", "allowed");
    gate.admit(session("other"), shop);
    gate.admit(session("shop", "https://evil.example/api/widget"), shop);
    gate.admit(opened, shop);
    expect(received).toEqual(["session shop g", "widget-status-update"]);
    expect(checks).toHaveLength(1);
  });

  test("a refused first project does not make room for a second one", async () => {
    const { gate, received, checks } = await answeredBinding("other", "refused");
    gate.admit(session("shop"), shop);
    expect(received).toEqual([]);
    expect(checks).toHaveLength(1);
  });

  test("what the host says while the check runs waits and arrives in order; another project's session is dropped", async () => {
    const { gate, received, checks } = binding();
    gate.admit(session("shop"), shop);
    gate.admit(config, shop);
    gate.admit(session("other"), shop);
    gate.admit(session("shop", api, "g2"), shop);
    gate.admit(opened, shop);
    expect(received).toEqual([]);
    await checks[0]?.answer("allowed");
    expect(received).toEqual(["session shop g", "config-update", "session shop g2", "widget-status-update"]);
    expect(checks).toHaveLength(1);
  });

  test("a check without an answer lets the rest through and is asked again with the host's next message", async () => {
    const { gate, received, checks } = binding();
    gate.admit(session("shop"), shop);
    gate.admit(config, shop);
    await checks[0]?.answer("unknown");
    expect(received).toEqual(["config-update"]);
    // The visitor opens the messenger: the session that waited is checked again, and then taken.
    gate.admit(opened, shop);
    expect(checks).toHaveLength(2);
    expect(checks[1]?.sdkKey).toBe("shop");
    await checks[1]?.answer("allowed");
    expect(received).toEqual(["config-update", "session shop g", "widget-status-update"]);
  });

  test("a session without a key or an API binds nothing", async () => {
    const { gate, received, checks } = binding();
    gate.admit(session(""), shop);
    gate.admit(session("shop", ""), shop);
    expect(checks).toHaveLength(0);
    gate.admit(session("shop"), shop);
    await checks[0]?.answer("allowed");
    expect(received).toEqual(["session shop g"]);
  });
});

describe("a frame opened for a project", () => {
  test("takes that project's sessions only, without asking", () => {
    const { gate, received, checks } = binding("shop");
    gate.admit(session("other"), shop);
    gate.admit(config, shop);
    gate.admit(session("shop"), shop);
    expect(received).toEqual(["config-update", "session shop g"]);
    expect(checks).toHaveLength(0);
  });
});
