import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** The client's address for a request, from the connection's peer and, behind a trusted proxy, its header. */
export type ClientAddressOf = (request: Request, peer: string | undefined) => string;

/** Entries past this many in `X-Forwarded-For` are not read: no honest chain of proxies is that long. */
const maxForwardedEntries = 20;

/** An address as a peer or a proxy writes it (`::ffff:a.b.c.d` read as the IPv4 it stands for); else null. */
function parseAddress(text: string): Address | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!bare.includes(":") || !ipaddr.IPv6.isValid(bare)) return null;
  const address = ipaddr.IPv6.parse(bare);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** Why one `TRUSTED_PROXIES` entry cannot be read, or null: an address or a CIDR range. */
export function trustedProxyEntryProblem(entry: string): string | null {
  if (!entry.includes("/")) return parseAddress(entry) ? null : "is not an address or a range";
  const [network = "", bits = ""] = entry.split("/");
  return parseAddress(network) && /^\d{1,3}$/.test(bits) && ipaddr.isValidCIDR(entry)
    ? null
    : "is not a valid address range";
}

function rangesOf(entries: readonly string[]): Range[] {
  return entries.map((entry): Range => {
    if (entry.includes("/")) return ipaddr.parseCIDR(entry);
    const address = parseAddress(entry) as Address;
    return [address, address.kind() === "ipv4" ? 32 : 128];
  });
}

/**
 * How the server tells who a client is. Without trusted proxies it is the connection's peer, whatever
 * headers say (anyone can write `X-Forwarded-For`). Behind a reverse proxy every peer is the proxy, so
 * every visitor would share one address and its limits: when the peer is one of `trustedProxies`, the
 * address is read from `X-Forwarded-For` from the right, skipping the trusted hops, up to the first
 * address no trusted proxy stands for (or the leftmost, when all are trusted). A malformed entry ends
 * the walk at the last hop that was read. Addresses are given in their plain form, IPv4-mapped IPv6
 * as IPv4.
 */
export function clientAddressOf(trustedProxies: readonly string[]): ClientAddressOf {
  if (trustedProxies.length === 0) return (_request, peer) => peer ?? "unknown";
  const ranges = rangesOf(trustedProxies);
  const trusted = (address: Address) =>
    ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
  return (request, peer) => {
    let client = peer === undefined ? null : parseAddress(peer);
    if (client === null) return peer ?? "unknown";
    const forwarded = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "")
      .slice(-maxForwardedEntries);
    while (trusted(client) && forwarded.length > 0) {
      const hop = parseAddress(forwarded.pop() ?? "");
      if (hop === null) break;
      client = hop;
    }
    return client.toString();
  };
}
