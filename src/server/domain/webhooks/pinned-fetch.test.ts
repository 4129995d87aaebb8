import { expect, test } from "bun:test";
import { pinnedRequest } from "./pinned-fetch.ts";
import { noAllowedHosts } from "./webhook-address-rules.ts";
import { checkedTarget, type Resolve } from "./webhook-target.ts";

test("the request names the checked address; the Host header and SNI keep the webhook's name", () => {
  expect(pinnedRequest(new URL("http://hooks.example.com:8080/in?x=1#f"), "93.184.216.34")).toEqual({
    url: "http://93.184.216.34:8080/in?x=1#f",
    host: "hooks.example.com:8080",
    serverName: undefined,
  });
  expect(pinnedRequest(new URL("https://Hooks.Example.com./in"), "2606:2800:220:1::248")).toEqual({
    url: "https://[2606:2800:220:1::248]/in",
    host: "hooks.example.com.",
    serverName: "hooks.example.com",
  });
  // An address in the URL is already what is connected to (and is never sent as SNI).
  expect(pinnedRequest(new URL("https://93.184.216.34/in"), "93.184.216.34")).toEqual({
    url: "https://93.184.216.34/in",
    host: "93.184.216.34",
  });
});

test("a name that answers a public address at the check and a private one later is sent to the public one", async () => {
  const answers = ["93.184.216.34", "10.0.0.7"];
  let lookups = 0;
  const resolve: Resolve = async () => [{ address: answers[Math.min(lookups++, 1)] ?? "", family: 4 }];
  const url = new URL("https://rebind.example.com/hook");
  const target = await checkedTarget(url, noAllowedHosts, resolve, 1000);
  expect(target).toEqual({ ok: true, address: "93.184.216.34" });
  if (!target.ok) return;
  // The request is built from the checked answer alone: a later lookup's answer never reaches it.
  expect(await resolve("rebind.example.com")).toEqual([{ address: "10.0.0.7", family: 4 }]);
  expect(pinnedRequest(url, target.address).url).toBe("https://93.184.216.34/hook");
  expect(lookups).toBe(2);
});

test("IPv4 is preferred where a name has both", async () => {
  const resolve: Resolve = async () => [
    { address: "2606:2800:220:1::248", family: 6 },
    { address: "93.184.216.34", family: 4 },
  ];
  expect(await checkedTarget(new URL("https://dual.example.com/"), noAllowedHosts, resolve, 1000)).toEqual({
    ok: true,
    address: "93.184.216.34",
  });
});
