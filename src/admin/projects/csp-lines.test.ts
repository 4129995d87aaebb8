import { describe, expect, test } from "bun:test";
import { cspLines, websocketOriginOf } from "./csp-lines.ts";

describe("cspLines", () => {
  test("names the API, socket and messenger origins in the directives that load from them", () => {
    expect(
      cspLines({
        mainOrigin: "https://feedback.example.com",
        messengerOrigin: "https://messenger.example.com",
        websocketOrigin: "wss://feedback.example.com",
      }),
    ).toEqual([
      "script-src https://feedback.example.com",
      "connect-src https://feedback.example.com wss://feedback.example.com",
      "frame-src https://messenger.example.com",
      "img-src https://feedback.example.com https://messenger.example.com data: blob:",
      "media-src https://feedback.example.com https://messenger.example.com data: blob:",
      "worker-src blob:",
    ]);
  });

  test("reduces addresses to origins, and lists an origin serving two roles once", () => {
    expect(
      cspLines({
        mainOrigin: "http://localhost:3000/",
        messengerOrigin: "http://localhost:3000/messenger/",
        websocketOrigin: "ws://localhost:3000/api/widget/ws?x=1",
      }),
    ).toEqual([
      "script-src http://localhost:3000",
      "connect-src http://localhost:3000 ws://localhost:3000",
      "frame-src http://localhost:3000",
      "img-src http://localhost:3000 data: blob:",
      "media-src http://localhost:3000 data: blob:",
      "worker-src blob:",
    ]);
  });

  test("a socket given as the API's http(s) address becomes its ws(s) origin", () => {
    const lines = cspLines({
      mainOrigin: "https://a.example",
      messengerOrigin: "https://b.example",
      websocketOrigin: "https://a.example/api/widget",
    });
    expect(lines[1]).toBe("connect-src https://a.example wss://a.example");
  });

  test("no line allows inline code or any host: no 'unsafe-*', no wildcard, no bare scheme but data:/blob:", () => {
    const lines = cspLines({
      mainOrigin: "https://a.example",
      messengerOrigin: "https://b.example",
      websocketOrigin: "wss://a.example",
    });
    for (const line of lines) {
      expect(line).not.toMatch(/unsafe|\*|'self'/);
      for (const source of line.split(" ").slice(1))
        expect(source).toMatch(/^(https:\/\/[ab]\.example|wss:\/\/a\.example|data:|blob:)$/);
    }
  });

  test("an address that is not a URL throws (the panel passes the server's own origins)", () => {
    expect(() =>
      cspLines({ mainOrigin: "feedback", messengerOrigin: "https://b.example", websocketOrigin: "wss://b" }),
    ).toThrow();
  });
});

describe("websocketOriginOf", () => {
  test("is the API's host with ws: for http: and wss: for https:", () => {
    expect(websocketOriginOf("http://localhost:3000/api/widget")).toBe("ws://localhost:3000");
    expect(websocketOriginOf("https://feedback.example.com")).toBe("wss://feedback.example.com");
  });
});
