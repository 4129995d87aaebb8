import ipaddr from "ipaddr.js";

/**
 * Which hosts a webhook may reach. A webhook is a request the server makes on an admin's say-so, so
 * without these rules an admin (or whoever holds an admin's session) could make the server call its
 * own API, the database's admin port or the cloud's metadata service, and read the answer in the
 * delivery log. Only public unicast addresses are reached; everything ipaddr.js classifies as special
 * (loopback, private, shared CGNAT, link-local, unique-local, multicast, unspecified, broadcast,
 * reserved, documentation, transition prefixes that embed another address) is refused, and so are the
 * names of the machine itself and of the metadata services. The operator lifts the rule for named hosts
 * or ranges with `WEBHOOK_ALLOWED_HOSTS` (local development, a receiver on the private network).
 *
 * Addresses are read from the WHATWG URL's host, which already turns every spelling of an IPv4
 * address (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`, `127.0.0.1.`) into dotted decimal, and
 * from the resolver's answers; ipaddr.js classifies them.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The operator's exceptions (`WEBHOOK_ALLOWED_HOSTS`), read once. */
export interface AllowedHosts {
  /** Host names allowed whatever they resolve to. */
  names: ReadonlySet<string>;
  /** `*.name` entries: every host below `name` (not `name` itself). */
  suffixes: readonly string[];
  /** Address ranges allowed for literal hosts and for what any name resolves to. */
  ranges: ReadonlyArray<[Address, number]>;
}

export const noAllowedHosts: AllowedHosts = { names: new Set(), suffixes: [], ranges: [] };

/**
 * Names that mean this machine or a cloud's metadata service wherever they are resolved; refused at
 * creation as well as at send time, before any lookup.
 */
const localNames = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);

const hostName =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** The URL's hostname as compared: lower case (the URL parser did that), no brackets, no final dot. */
export function bareHost(hostname: string): string {
  const unbracketed = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return unbracketed.replace(/\.+$/, "").toLowerCase();
}

/** An address as the URL parser or a resolver writes it; null for a name. */
export function literalAddress(host: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return ipaddr.IPv4.parse(host);
  if (host.includes(":") && ipaddr.IPv6.isValid(host)) return ipaddr.IPv6.parse(host);
  return null;
}

/**
 * Why one `WEBHOOK_ALLOWED_HOSTS` entry cannot be read, or null: a host name, `*.` and a domain, an
 * address, or a range in CIDR notation (`127.0.0.0/8`, `fd00::/8`).
 */
export function allowedHostEntryProblem(entry: string): string | null {
  if (entry.includes("/")) {
    const [network = "", bits = ""] = entry.split("/");
    return literalAddress(network) && /^\d{1,3}$/.test(bits) && ipaddr.isValidCIDR(entry)
      ? null
      : "is not a valid address range";
  }
  if (literalAddress(entry)) return null;
  const name = entry.startsWith("*.") ? entry.slice(2) : entry;
  return hostName.test(name) ? null : "is not a host name, an address or a range";
}

/** The entries of `WEBHOOK_ALLOWED_HOSTS` (already checked by the config) as rules. */
export function allowedHostsOf(entries: readonly string[]): AllowedHosts {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const ranges: Array<[Address, number]> = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    if (entry.includes("/")) ranges.push(ipaddr.parseCIDR(entry));
    else {
      const address = literalAddress(entry);
      if (address) ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
      else if (entry.startsWith("*.")) suffixes.push(bareHost(entry.slice(1)));
      else names.add(bareHost(entry));
    }
  }
  return { names, suffixes, ranges };
}

/** Whether the operator allowed this host name by name (its addresses are then not checked). */
export function nameAllowed(host: string, allowed: AllowedHosts): boolean {
  return allowed.names.has(host) || allowed.suffixes.some((suffix) => host.endsWith(suffix));
}

const rangeWords: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  carrierGradeNat: "a shared (carrier-grade NAT) address",
  linkLocal: "a link-local address",
  uniqueLocal: "a unique-local address",
  multicast: "a multicast address",
  unspecified: "an unspecified address",
  broadcast: "the broadcast address",
  ipv4Compatible: "an IPv4-compatible address",
};

/** What kind of address this is, for the refusal: the range's words or "a reserved …" for the rest. */
const describe = (range: string) => rangeWords[range] ?? "a reserved or special-purpose address";

/** An IPv6 address that stands for an IPv4 one the same way (`::ffff:a.b.c.d`) is judged as that one. */
function unwrapped(address: Address): Address {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

function inAllowedRange(address: Address, allowed: AllowedHosts): boolean {
  return allowed.ranges.some(
    ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
  );
}

/** The range an address belongs to when it may not be reached; null for a public unicast address. */
function forbiddenRange(address: Address): string | null {
  // The deprecated IPv4-compatible form `::a.b.c.d` (::/96) falls in no named range of the library.
  if (address instanceof ipaddr.IPv6 && address.parts.slice(0, 6).every((part) => part === 0))
    return address.range() === "unicast" ? "ipv4Compatible" : address.range();
  const range = address.range();
  return range === "unicast" ? null : range;
}

/** An address that may not be reached, as written after unwrapping, and what kind it is. */
export interface RefusedAddress {
  address: string;
  /** "a loopback address", "a private network address", … */
  kind: string;
}

/** The address and its kind when it may not be reached; null when it may. */
export function refusedAddress(text: string, allowed: AllowedHosts): RefusedAddress | null {
  const parsed = literalAddress(bareHost(text));
  if (!parsed) return { address: text, kind: "not an address" };
  const address = unwrapped(parsed);
  if (inAllowedRange(address, allowed)) return null;
  const range = forbiddenRange(address);
  return range === null ? null : { address: address.toString(), kind: describe(range) };
}

/** Why an address may not be reached ("127.0.0.1 is a loopback address"), or null when it may. */
export function addressProblem(text: string, allowed: AllowedHosts): string | null {
  const refused = refusedAddress(text, allowed);
  return refused && `${refused.address} is ${refused.kind}`;
}

/**
 * Why a webhook's address may not be saved, or null: a literal address in a forbidden range, or a
 * name of this machine or a metadata service. Names are not resolved here: what they resolve to is
 * checked when each delivery is sent (it may change in between).
 */
export function webhookHostProblem(url: URL, allowed: AllowedHosts): string | null {
  const host = bareHost(url.hostname);
  if (literalAddress(host)) return addressProblem(host, allowed);
  if (nameAllowed(host, allowed)) return null;
  if (localNames.has(host) || host.endsWith(".localhost"))
    return `${host} names this server or a cloud metadata service`;
  return null;
}

/** The 400's text for a webhook address that may not be reached. */
export const refusedAddressMessage = (problem: string) =>
  `must not point at an internal or local address (${problem}); webhooks reach public addresses only`;
