import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { webhookTlsCert, webhookTlsHost, webhookTlsKey } from "../../test-support/webhook-tls-fixture.ts";
import { type AllowedHosts, allowedHostsOf, noAllowedHosts } from "./webhook-address-rules.ts";
import { sendWebhookOnce } from "./webhook-send.ts";
import type { Resolve, ResolvedAddress } from "./webhook-target.ts";

/**
 * One try of a webhook against receivers on 127.0.0.1, with the name lookups answered by the test (the
 * world's edge): the names used here resolve nowhere else, so a request that arrives went to the
 * address the check saw. Loopback stands in for a public address where the operator allowed it.
 */

interface Seen {
  host: string | null;
  path: string;
}

const seen: Seen[] = [];
let plain: ReturnType<typeof Bun.serve>;
let secure: ReturnType<typeof Bun.serve>;

const record = (request: Request) => {
  const path = new URL(request.url).pathname;
  seen.push({ host: request.headers.get("host"), path });
  return path;
};

beforeAll(() => {
  plain = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const path = record(request);
      if (path === "/moved") return Response.redirect(`http://127.0.0.1:${plain.port}/inside`, 302);
      if (path === "/noisy")
        return new Response(`\u001b[31mred\u001b[0m\r\n\tline\u202Eevil\u200B ${"x".repeat(5000)}`, {
          status: 400,
        });
      return new Response("ok");
    },
  });
  secure = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: webhookTlsCert, key: webhookTlsKey },
    fetch(request) {
      record(request);
      return new Response("ok over tls");
    },
  });
});
afterAll(() => {
  plain.stop(true);
  secure.stop(true);
});

const loopbackAllowed = allowedHostsOf(["127.0.0.0/8"]);
const post = { headers: { "Content-Type": "application/json" }, body: "{}" };

/** A resolver that answers from a script, one answer per call (the last one repeats), and counts. */
function scripted(...answers: Array<ResolvedAddress[] | Error>) {
  const asked: string[] = [];
  const resolve: Resolve = async (host) => {
    asked.push(host);
    const answer = answers[Math.min(asked.length, answers.length) - 1] ?? [];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { resolve, asked };
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });

const send = (url: string, allowedHosts: AllowedHosts, resolve: Resolve, extra = {}) =>
  sendWebhookOnce(url, post, { allowedHosts, resolve, timeoutMs: 2000, ...extra });

describe("the address checked is the address connected to", () => {
  test("a name that answers an allowed address, then the metadata address, is sent to the first", async () => {
    const dns = scripted([v4("127.0.0.1")], [v4("169.254.169.254")]);
    const url = `http://rebind.example.test:${plain.port}/hook`;
    const first = await send(url, loopbackAllowed, dns.resolve);
    expect(first).toMatchObject({ delivered: true, status: 200, response: "ok", error: null });
    // Looked up once: the connection used the checked answer instead of asking again.
    expect(dns.asked).toEqual(["rebind.example.test"]);
    expect(seen.at(-1)).toEqual({ host: `rebind.example.test:${plain.port}`, path: "/hook" });

    // The next try looks up again, gets the metadata address, and sends nothing.
    const before = seen.length;
    const second = await send(url, loopbackAllowed, dns.resolve);
    expect(second).toEqual({
      status: null,
      response: null,
      error:
        "Refused: rebind.example.test resolves to 169.254.169.254, a link-local address; webhooks reach public addresses only",
      delivered: false,
      final: true,
    });
    expect(seen.length).toBe(before);
  });

  test("https goes to the checked address with the certificate checked for the webhook's own name", async () => {
    const dns = scripted([v4("127.0.0.1")]);
    const tls = { tls: { ca: webhookTlsCert } };
    const delivered = await send(
      `https://${webhookTlsHost}:${secure.port}/in`,
      loopbackAllowed,
      dns.resolve,
      tls,
    );
    expect(delivered).toMatchObject({ delivered: true, status: 200, response: "ok over tls" });
    expect(seen.at(-1)).toEqual({ host: `${webhookTlsHost}:${secure.port}`, path: "/in" });

    // Another name on the same address: the certificate is not for it, so nothing is sent.
    const before = seen.length;
    const mismatch = await send(
      `https://other.example.test:${secure.port}/in`,
      loopbackAllowed,
      dns.resolve,
      tls,
    );
    expect(mismatch.delivered).toBe(false);
    expect(mismatch.final).toBe(false);
    expect(mismatch.error).toMatch(/altname|certificate/i);
    expect(seen.length).toBe(before);
  });
});

describe("what is refused, and what is tried again", () => {
  test("a name with any internal address among its answers is refused for good", async () => {
    const dns = scripted([v4("93.184.216.34"), v4("10.0.0.5")]);
    expect(await send(`http://mixed.example.test:${plain.port}/`, noAllowedHosts, dns.resolve)).toMatchObject(
      {
        delivered: false,
        final: true,
        error:
          "Refused: mixed.example.test resolves to 10.0.0.5, a private network address; webhooks reach public addresses only",
      },
    );
    const mapped = scripted([{ address: "::ffff:127.0.0.1", family: 6 }]);
    expect(
      (await send(`http://mapped.example.test:${plain.port}/`, noAllowedHosts, mapped.resolve)).error,
    ).toBe(
      "Refused: mapped.example.test resolves to 127.0.0.1, a loopback address; webhooks reach public addresses only",
    );
  });

  test("a literal address is judged without a lookup; local names are refused before one", async () => {
    const dns = scripted(new Error("no lookup expected"));
    const literal = `http://127.0.0.1:${plain.port}/literal`;
    expect(await send(literal, noAllowedHosts, dns.resolve)).toMatchObject({
      final: true,
      error: "Refused: 127.0.0.1 is a loopback address; webhooks reach public addresses only",
    });
    expect(await send(literal, loopbackAllowed, dns.resolve)).toMatchObject({ delivered: true, status: 200 });
    expect(await send(`http://localhost:${plain.port}/`, loopbackAllowed, dns.resolve)).toMatchObject({
      final: true,
      error:
        "Refused: localhost names this server or a cloud metadata service; webhooks reach public addresses only",
    });
    expect(dns.asked).toEqual([]);
  });

  test("a name the operator allows is sent to whatever it resolves to", async () => {
    const dns = scripted([v4("127.0.0.1")]);
    const allowed = allowedHostsOf(["receiver.internal"]);
    expect(await send(`http://receiver.internal:${plain.port}/named`, allowed, dns.resolve)).toMatchObject({
      delivered: true,
    });
    expect(seen.at(-1)).toEqual({ host: `receiver.internal:${plain.port}`, path: "/named" });
  });

  test("a name that does not resolve, or not in time, is tried again", async () => {
    const missing = scripted(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));
    expect(await send("https://gone.example.test/", noAllowedHosts, missing.resolve)).toMatchObject({
      delivered: false,
      final: false,
      error: "gone.example.test could not be resolved (ENOTFOUND)",
    });
    const silent: Resolve = () => new Promise(() => undefined);
    expect(
      await sendWebhookOnce("https://slow.example.test/", post, {
        allowedHosts: noAllowedHosts,
        resolve: silent,
        timeoutMs: 30,
      }),
    ).toMatchObject({ final: false, error: "slow.example.test could not be resolved (ETIMEOUT)" });
  });

  test("a redirect is not followed: its address was never checked", async () => {
    const before = seen.length;
    const moved = await send(`http://127.0.0.1:${plain.port}/moved`, loopbackAllowed, scripted().resolve);
    expect(moved).toMatchObject({ delivered: false, final: false, status: 302 });
    expect(seen.slice(before).map((entry) => entry.path)).toEqual(["/moved"]);
  });

  test("the answer is kept as at most 200 printable characters", async () => {
    const noisy = await send(`http://127.0.0.1:${plain.port}/noisy`, loopbackAllowed, scripted().resolve);
    expect(noisy.status).toBe(400);
    const kept = noisy.response ?? "";
    // The escape, the right-to-left override and the zero-width space are gone; what they wrapped stays.
    expect(kept.slice(0, 22)).toBe("[31mred [0m lineevil x");
    expect(Array.from(kept)).toHaveLength(200);
    expect(kept.endsWith("…")).toBe(true);
    expect(kept).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});
