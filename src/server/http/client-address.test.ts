import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../config.ts";
import { clientAddressOf, trustedProxyEntryProblem } from "./client-address.ts";

const requestWith = (forwardedFor?: string) =>
  new Request("http://gleam.test/api/widget/sessions", {
    headers: forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor },
  });

describe("the client's address", () => {
  test("without trusted proxies it is the peer, whatever the header says", () => {
    const of = clientAddressOf([]);
    expect(of(requestWith("203.0.113.7"), "127.0.0.1")).toBe("127.0.0.1");
    expect(of(requestWith(), undefined)).toBe("unknown");
  });

  test("a peer that is no trusted proxy is the client: its header is ignored", () => {
    const of = clientAddressOf(["127.0.0.1"]);
    expect(of(requestWith("203.0.113.7"), "198.51.100.4")).toBe("198.51.100.4");
  });

  test("behind a trusted proxy it is the address the proxy forwarded", () => {
    const of = clientAddressOf(["127.0.0.1", "::1"]);
    expect(of(requestWith("198.51.100.4"), "127.0.0.1")).toBe("198.51.100.4");
    expect(of(requestWith("2001:db8::0:1"), "::ffff:127.0.0.1")).toBe("2001:db8::1");
    expect(of(requestWith("::ffff:198.51.100.4"), "::1")).toBe("198.51.100.4");
  });

  test("a client's own entries left of the proxy's are not believed", () => {
    const of = clientAddressOf(["127.0.0.1"]);
    expect(of(requestWith("203.0.113.7, 198.51.100.4"), "127.0.0.1")).toBe("198.51.100.4");
    // Two headers are one list, in order.
    const twice = new Request("http://gleam.test/", {
      headers: [
        ["X-Forwarded-For", "203.0.113.7"],
        ["X-Forwarded-For", "198.51.100.4"],
      ],
    });
    expect(of(twice, "127.0.0.1")).toBe("198.51.100.4");
  });

  test("trusted hops in a chain are skipped, up to the first untrusted address", () => {
    const of = clientAddressOf(["10.0.0.0/8", "127.0.0.1"]);
    expect(of(requestWith("203.0.113.7, 198.51.100.4, 10.1.2.3"), "127.0.0.1")).toBe("198.51.100.4");
    // Every hop trusted: the leftmost is as far as the chain goes.
    expect(of(requestWith("10.9.9.9, 10.1.2.3"), "127.0.0.1")).toBe("10.9.9.9");
  });

  test("a malformed or missing entry ends the walk at the last hop read", () => {
    const of = clientAddressOf(["127.0.0.1"]);
    expect(of(requestWith("unknown"), "127.0.0.1")).toBe("127.0.0.1");
    expect(of(requestWith("198.51.100.4:5000"), "127.0.0.1")).toBe("127.0.0.1");
    expect(of(requestWith(""), "127.0.0.1")).toBe("127.0.0.1");
    expect(of(requestWith(), "127.0.0.1")).toBe("127.0.0.1");
  });
});

describe("TRUSTED_PROXIES", () => {
  test("takes addresses and ranges of both families", () => {
    for (const entry of ["127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8", "[::1]"]) {
      expect(trustedProxyEntryProblem(entry)).toBeNull();
    }
    const config = loadConfig({ TRUSTED_PROXIES: " 127.0.0.1, ::1 ,10.0.0.0/8" });
    expect(config.trustedProxies).toEqual(["127.0.0.1", "::1", "10.0.0.0/8"]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  test.each([
    ["localhost", "is not an address or a range"],
    ["10.0.0.0/33", "is not a valid address range"],
    ["10.0.0.0/", "is not a valid address range"],
    ["127.1", "is not an address or a range"],
  ])("refuses %s with one line naming it", (entry, problem) => {
    expect(trustedProxyEntryProblem(entry)).toBe(problem);
    expect(() => loadConfig({ TRUSTED_PROXIES: `127.0.0.1,${entry}` })).toThrow(
      new ConfigError("TRUSTED_PROXIES", `entry "${entry}" ${problem}`),
    );
  });
});
