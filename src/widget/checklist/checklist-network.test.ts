import { describe, expect, test } from "bun:test";
import { createRecordingHost, testSession } from "../common/chunk-context-test-support.ts";
import { checklistErrors, createChecklistNetwork, sharedKeyRefusedWarning } from "./checklist-network.ts";
import { checklistAnswer } from "./checklist-test-kit.ts";

type Call = { method: string; path: string; body?: unknown };

/** The loader's facade with a scripted widget API: each path's answer (or failure) by method and path. */
function hostWith(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const host = createRecordingHost({
    request: async <T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown) => {
      calls.push({ method, path, body });
      return answer({ method, path, body }) as T;
    },
  });
  return { host, calls };
}

const query = `gleapId=${testSession.gleapId}&gleapHash=${testSession.gleapHash}&lang=en-us`;

describe("createChecklistNetwork", () => {
  test("validates the outbound (with its shared key) and fetches the checklist, as the reference calls them", async () => {
    const { host, calls } = hostWith(({ method }) =>
      method === "POST" ? { id: "cl-1" } : checklistAnswer(),
    );
    const network = createChecklistNetwork(host);
    expect(await network.validate("demo", "team")).toBe("cl-1");
    expect((await network.fetch("cl-1")).subject).toBe("Get started");
    expect(calls).toEqual([
      {
        method: "POST",
        path: `/outbound/checklists?${query}`,
        body: { outboundId: "demo", sharedKey: "team" },
      },
      { method: "GET", path: `/outbound/checklists/cl-1?convertTipTap=true&${query}`, body: undefined },
    ]);
  });

  test("shares a request in flight and keeps outcomes per key, failures too, until cleared", async () => {
    let fail = true;
    const { host, calls } = hostWith(() => {
      if (fail) throw { status: 404, statusText: "Not Found", responseText: "{}" };
      return { id: "cl-1" };
    });
    const network = createChecklistNetwork(host);
    const [first, second] = await Promise.allSettled([network.validate("demo"), network.validate("demo")]);
    expect(first.status).toBe("rejected");
    expect(second.status).toBe("rejected");
    fail = false;
    await expect(network.validate("demo")).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
    // Another key is its own entry.
    expect(await network.validate("demo", "team")).toBe("cl-1");
    network.clear();
    expect(await network.validate("demo")).toBe("cl-1");
    expect(calls).toHaveLength(3);
  });

  test("a refused shared key is told to the site's developer once, and still fails quietly", async () => {
    const { host } = hostWith(() => {
      throw { status: 403, statusText: "Forbidden", responseText: '{"error":"not issued"}' };
    });
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const network = createChecklistNetwork(host);
      const tries = await Promise.allSettled([
        network.validate("demo", "made-up"),
        network.validate("demo", "made-up"),
      ]);
      expect(tries.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
      await expect(network.validate("demo", "made-up")).rejects.toMatchObject({ status: 403 });
      expect(warnings).toEqual([[sharedKeyRefusedWarning]]);
      // Without a shared key a refusal is not about one.
      await expect(network.validate("other")).rejects.toMatchObject({ status: 403 });
      expect(warnings).toHaveLength(1);
    } finally {
      console.warn = original;
    }
  });

  test("spec §8's errors, word for word", async () => {
    const noId = createChecklistNetwork(hostWith(() => ({})).host);
    await expect(noId.validate("demo")).rejects.toThrow("Validation response missing checklist ID.");
    const empty = createChecklistNetwork(hostWith(() => ({})).host);
    await expect(empty.fetch("cl-1")).rejects.toThrow("Empty response received for checklist fetch.");
    const { host, calls } = hostWith(() => ({ id: "x" }));
    const noApi = createChecklistNetwork({ ...host, apiUrl: () => "" });
    await expect(noApi.validate("demo")).rejects.toThrow(checklistErrors.noApiUrl);
    await expect(noApi.fetch("x")).rejects.toThrow("ChecklistNetworkManager: Gleap API URL not configured.");
    expect(calls).toHaveLength(0);
  });

  test("records a step with PUT …/increment/{step}; without a session it answers the reference's mock", async () => {
    const { host, calls } = hostWith(() => checklistAnswer());
    const network = createChecklistNetwork(host);
    await network.update("cl-1", { checkedStep: "a b", status: "done" });
    expect(calls).toEqual([
      {
        method: "PUT",
        path: `/outbound/checklists/cl-1/increment/a%20b?${query}`,
        body: { checkedStep: "a b", status: "done" },
      },
    ]);
    host.state.session = null;
    await expect(network.update("cl-1", { checkedStep: "a" })).rejects.toEqual({
      status: 0,
      statusText: "",
      responseText: "Session unavailable",
    });
    expect(calls).toHaveLength(1);
  });

  test("a remembered checklist is what later elements get", async () => {
    const { host, calls } = hostWith(() => checklistAnswer());
    const network = createChecklistNetwork(host);
    const loaded = await network.fetch("cl-1");
    network.remember({ ...loaded, completedSteps: ["a"] });
    expect((await network.fetch("cl-1")).completedSteps).toEqual(["a"]);
    expect(calls).toHaveLength(1);
  });
});
