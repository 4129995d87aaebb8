import { describe, expect, test } from "bun:test";
import { streamMarkerCounter } from "./stream-marker-count.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const line = (msg: string) => `{"time":"t","level":"info","msg":"${msg}","path":"/api"}\n`;

describe("streamMarkerCounter", () => {
  test("counts every occurrence in one chunk", () => {
    const counter = streamMarkerCounter('"msg":"request"');
    counter.add(bytes(line("request") + line("listening") + line("request")));
    expect(counter.count()).toBe(2);
  });

  test("counts a marker cut between chunks once, wherever it is cut", () => {
    const text = line("request").repeat(3) + line("other");
    for (let cut = 1; cut < text.length; cut++) {
      const counter = streamMarkerCounter('"msg":"request"');
      counter.add(bytes(text.slice(0, cut)));
      counter.add(bytes(text.slice(cut)));
      expect(counter.count()).toBe(3);
    }
  });

  test("a marker spread over many one-byte chunks is counted", () => {
    const counter = streamMarkerCounter("abc");
    for (const char of "xxabcabxabc") counter.add(bytes(char));
    expect(counter.count()).toBe(2);
  });

  test("bytes of a counted marker do not count again with the next chunk", () => {
    const counter = streamMarkerCounter("aa");
    counter.add(bytes("aa"));
    counter.add(bytes("a"));
    expect(counter.count()).toBe(1);
  });

  test("reads a chunk that is a view into a larger buffer by its own bytes only", () => {
    const whole = bytes(`request${line("request")}`);
    const counter = streamMarkerCounter('"msg":"request"');
    counter.add(whole.subarray(7, 20));
    counter.add(whole.subarray(20));
    expect(counter.count()).toBe(1);
  });
});
