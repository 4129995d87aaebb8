import { bareHost, literalAddress } from "./webhook-address-rules.ts";

/**
 * The request for `url` sent to the already checked `address` instead of the name: the address goes
 * into the URL, the name into the `Host` header and, for https, into SNI and the certificate check.
 * Pure, so the rewriting is tested apart from the network.
 */
export function pinnedRequest(url: URL, address: string): { url: string; host: string; serverName?: string } {
  const host = bareHost(url.hostname);
  // An address in the URL itself needs no pinning (and SNI never carries an address).
  if (literalAddress(host)) return { url: url.href, host: url.host };
  const target = new URL(url.href);
  target.hostname = address.includes(":") ? `[${address}]` : address;
  return {
    url: target.href,
    host: url.host,
    serverName: url.protocol === "https:" ? host : undefined,
  };
}

export interface PinnedFetchOptions {
  /** Extra certificate authorities to trust (tests with a certificate of their own). */
  ca?: string;
}

/**
 * `fetch` to the checked address. Redirects are never followed: the address they name was not checked
 * (and a receiver that moved must be edited, not guessed). For https the certificate must be valid for
 * the webhook's own host name; the explicit `checkServerIdentity` also gives the request a connection
 * of its own (Bun does not pool connections that carry one), so no connection opened for another name
 * on the same address is reused.
 */
export async function pinnedFetch(
  url: URL,
  address: string,
  init: RequestInit,
  options: PinnedFetchOptions = {},
): Promise<Response> {
  const pinned = pinnedRequest(url, address);
  const headers = new Headers(init.headers);
  headers.set("Host", pinned.host);
  const serverName = pinned.serverName;
  const tls: BunFetchRequestInitTLS = options.ca ? { ca: options.ca } : {};
  if (serverName) {
    // node:tls (and node:net with it) loads with the first webhook sent over https, not at every start.
    const { checkServerIdentity } = await import("node:tls");
    tls.serverName = serverName;
    tls.checkServerIdentity = (_host, cert) => checkServerIdentity(serverName, cert);
  }
  return fetch(pinned.url, { ...init, headers, redirect: "manual", tls });
}
