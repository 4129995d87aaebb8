import { afterAll, afterEach, expect, jest, test } from "bun:test";
import { type ReportBody, readReportBody } from "./report-body.ts";

/** A server whose handler reads the body with a short deadline and hands the result to the test. */
// Long enough for a 256 KB chunked upload on a loaded machine (400 ms ran out once), short enough that a
// body whose sender went away is refused well within lastResult's wait.
const deadlineMs = 2000;
const results: ReportBody[] = [];
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    const body = await readReportBody(request, { maxBytes: 1024 * 1024, deadlineMs });
    results.push(body);
    return body.ok ? new Response(`${body.bytes.byteLength}`) : body.response;
  },
});
afterAll(() => server.stop(true));
afterEach(() => jest.useRealTimers());

/**
 * The deadline is a timer in the handler: it runs on a fake clock, moved past the deadline once the
 * handler has started it, instead of the test waiting it out. The rest (sockets, answers) is real.
 */
async function pastTheDeadline(answered: () => boolean) {
  for (let turn = 0; jest.getTimerCount() === 0; turn++) {
    if (turn > 10_000) throw new Error("the handler started no deadline");
    await new Promise((resolve) => setImmediate(resolve));
  }
  jest.advanceTimersByTime(deadlineMs);
  jest.useRealTimers();
  const until = Date.now() + 3000;
  while (!answered() && Date.now() < until) await Bun.sleep(10);
}

const lastResult = async () => {
  const deadline = Date.now() + 5000;
  while (results.length === 0 && Date.now() < deadline) await Bun.sleep(10);
  return results.shift();
};

/** A raw connection that sends the head and `sent` bytes of a body declared `declared` long. */
async function partialBody(declared: number, sent: number, then: "wait" | "close") {
  let answer = "";
  if (then === "wait") jest.useFakeTimers();
  const socket = await Bun.connect({
    hostname: "127.0.0.1",
    port: server.port ?? 0,
    socket: {
      data(_socket, data) {
        answer += data.toString();
      },
    },
  });
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n${"x".repeat(sent)}`);
  if (then === "close") socket.end();
  else await pastTheDeadline(() => answer !== "");
  const result = await lastResult();
  socket.end();
  return { answer, result };
}

test("a declared body is read whole into an array of its own (it can move to another thread)", async () => {
  const body = "é".repeat(100_000);
  const response = await fetch(server.url, { method: "POST", body });
  expect(await response.text()).toBe(String(Buffer.byteLength(body)));
  const result = await lastResult();
  if (!result?.ok) throw new Error("expected a body");
  expect(Buffer.from(result.bytes).toString("utf8")).toBe(body);
  expect(result.bytes.byteOffset).toBe(0);
  expect(result.bytes.buffer.byteLength).toBe(result.bytes.byteLength);
});

test("a declared body that has not arrived by the deadline is 408", async () => {
  const { answer, result } = await partialBody(100_000, 1000, "wait");
  expect(answer.startsWith("HTTP/1.1 408")).toBe(true);
  expect(result?.ok).toBe(false);
});

test("a declared body whose sender goes away is refused, never stored", async () => {
  const { result } = await partialBody(100_000, 1000, "close");
  expect(result?.ok).toBe(false);
  if (result && !result.ok) expect([400, 408]).toContain(result.response.status);
});

test("a chunked body is read whole, and one past the limit is 413", async () => {
  const chunks = (count: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < count; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(120));
        controller.close();
      },
    });
  const small = await fetch(server.url, { method: "POST", body: chunks(4) });
  expect(await small.text()).toBe(String(4 * 64 * 1024));
  await lastResult();
  const large = await fetch(server.url, { method: "POST", body: chunks(20) });
  expect(large.status).toBe(413);
  await lastResult();
});
