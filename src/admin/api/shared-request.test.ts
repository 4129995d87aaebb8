import { describe, expect, test } from "bun:test";
import { sharedRequest } from "./shared-request.ts";

describe("shared request", () => {
  test("calls made while one is on its way get its answer; a call after it settles asks again", async () => {
    let calls = 0;
    const load = sharedRequest(async () => {
      calls++;
      await Bun.sleep(5);
      return calls;
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect([first, second, calls]).toEqual([1, 1, 1]);
    expect(await load()).toBe(2);
  });

  test("a failure reaches every waiting caller and is not kept", async () => {
    let calls = 0;
    const load = sharedRequest(async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
      return "admins";
    });
    const results = await Promise.allSettled([load(), load()]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await load()).toBe("admins");
    expect(calls).toBe(2);
  });
});
