import { describe, expect, test } from "bun:test";
import {
  addressProblem,
  allowedHostEntryProblem,
  allowedHostsOf,
  noAllowedHosts,
  webhookHostProblem,
} from "./webhook-address-rules.ts";

const hostProblem = (url: string, allowed = noAllowedHosts) => webhookHostProblem(new URL(url), allowed);

describe("the address a webhook is saved with", () => {
  test("every spelling of an internal address, and the local and metadata names, are refused", () => {
    const refused = {
      "http://127.0.0.1:3000/api": "127.0.0.1 is a loopback address",
      "http://2130706433/": "127.0.0.1 is a loopback address",
      "http://0x7f.1/": "127.0.0.1 is a loopback address",
      "http://0177.0.0.1/": "127.0.0.1 is a loopback address",
      "http://127.1/": "127.0.0.1 is a loopback address",
      "http://127.0.0.1./": "127.0.0.1 is a loopback address",
      "http://%31%32%37.0.0.1/": "127.0.0.1 is a loopback address",
      "http://[::1]/": "::1 is a loopback address",
      "http://[::ffff:127.0.0.1]/": "127.0.0.1 is a loopback address",
      "http://[::ffff:7f00:1]/": "127.0.0.1 is a loopback address",
      "http://[::127.0.0.1]/": "::7f00:1 is an IPv4-compatible address",
      "http://[::ffff:169.254.169.254]/": "169.254.169.254 is a link-local address",
      "http://169.254.169.254/latest/meta-data/": "169.254.169.254 is a link-local address",
      "http://[fd00:ec2::254]/": "fd00:ec2::254 is a unique-local address",
      "http://[fe80::1]/": "fe80::1 is a link-local address",
      "http://10.0.0.1/": "10.0.0.1 is a private network address",
      "http://172.16.5.4/": "172.16.5.4 is a private network address",
      "http://172.31.255.255/": "172.31.255.255 is a private network address",
      "http://192.168.1.1/": "192.168.1.1 is a private network address",
      "http://100.64.0.1/": "100.64.0.1 is a shared (carrier-grade NAT) address",
      "http://224.0.0.1/": "224.0.0.1 is a multicast address",
      "http://[ff02::1]/": "ff02::1 is a multicast address",
      "http://0.0.0.0/": "0.0.0.0 is an unspecified address",
      "http://0/": "0.0.0.0 is an unspecified address",
      "http://[::]/": ":: is an unspecified address",
      "http://255.255.255.255/": "255.255.255.255 is the broadcast address",
      "http://240.0.0.1/": "240.0.0.1 is a reserved or special-purpose address",
      "http://192.0.2.10/": "192.0.2.10 is a reserved or special-purpose address",
      "http://[2001:db8::1]/": "2001:db8::1 is a reserved or special-purpose address",
      "http://[64:ff9b::a00:1]/": "64:ff9b::a00:1 is a reserved or special-purpose address",
      "http://[2002:7f00:1::]/": "2002:7f00:1:: is a reserved or special-purpose address",
      "http://localhost:3000/": "localhost names this server or a cloud metadata service",
      "http://LOCALHOST./": "localhost names this server or a cloud metadata service",
      "http://api.localhost/": "api.localhost names this server or a cloud metadata service",
      "http://metadata/computeMetadata/v1/": "metadata names this server or a cloud metadata service",
      "http://metadata.google.internal/":
        "metadata.google.internal names this server or a cloud metadata service",
      "http://metadata.google.internal./":
        "metadata.google.internal names this server or a cloud metadata service",
    };
    for (const [url, problem] of Object.entries(refused))
      expect([url, hostProblem(url)]).toEqual([url, problem]);
  });

  test("public addresses and names pass (a name's addresses are checked when it is sent to)", () => {
    for (const url of [
      "https://hooks.example.com/in",
      "http://93.184.216.34:8080/in",
      "http://[2606:4700:4700::1111]/in",
      "http://[::ffff:93.184.216.34]/in",
      "http://172.32.0.1/",
      "http://100.128.0.1/",
      "https://localhost.example.com/",
      "https://metadata.example.com/",
    ])
      expect([url, hostProblem(url)]).toEqual([url, null]);
  });

  test("the operator's names and ranges are allowed, and nothing else with them", () => {
    const allowed = allowedHostsOf([
      "localhost",
      "127.0.0.0/8",
      "mock.internal",
      "*.dev.internal",
      "fd00::/8",
    ]);
    for (const url of [
      "http://localhost:4000/",
      "http://127.0.0.1:4000/",
      "http://2130706433:4000/",
      "http://[::ffff:127.0.0.1]/",
      "http://127.8.9.10/",
      "http://[fd12::1]/",
    ])
      expect([url, hostProblem(url, allowed)]).toEqual([url, null]);
    expect(hostProblem("http://10.0.0.1/", allowed)).toBe("10.0.0.1 is a private network address");
    expect(hostProblem("http://[::1]/", allowed)).toBe("::1 is a loopback address");
    expect(hostProblem("http://app.localhost/", allowed)).toBe(
      "app.localhost names this server or a cloud metadata service",
    );
    // A single address is a range of one.
    const one = allowedHostsOf(["127.0.0.1"]);
    expect(hostProblem("http://127.0.0.1/", one)).toBeNull();
    expect(hostProblem("http://127.0.0.2/", one)).toBe("127.0.0.2 is a loopback address");
  });
});

describe("an address a name resolved to", () => {
  test("is judged like a literal one, IPv4-mapped forms as the IPv4 address", () => {
    expect(addressProblem("127.0.0.53", noAllowedHosts)).toBe("127.0.0.53 is a loopback address");
    expect(addressProblem("::ffff:10.1.2.3", noAllowedHosts)).toBe("10.1.2.3 is a private network address");
    expect(addressProblem("fe80::1ff:fe23:4567:890a", noAllowedHosts)).toBe(
      "fe80::1ff:fe23:4567:890a is a link-local address",
    );
    expect(addressProblem("93.184.216.34", noAllowedHosts)).toBeNull();
    expect(addressProblem("2606:4700:4700::1111", noAllowedHosts)).toBeNull();
  });
});

describe("WEBHOOK_ALLOWED_HOSTS entries", () => {
  test("names, *.names, addresses and ranges are read; anything else is named", () => {
    for (const entry of [
      "localhost",
      "mock.internal",
      "*.dev.internal",
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
      "::1",
    ])
      expect([entry, allowedHostEntryProblem(entry)]).toEqual([entry, null]);
    for (const entry of [
      "10.0.0.0/33",
      "10.0.0/8",
      "0x7f.0.0.1/8",
      "fd00::/129",
      "http://x",
      "a b",
      "*.",
      "-x-",
    ])
      expect(allowedHostEntryProblem(entry)).not.toBeNull();
  });
});
