import {
  type AllowedHosts,
  bareHost,
  literalAddress,
  nameAllowed,
  refusedAddress,
  webhookHostProblem,
} from "./webhook-address-rules.ts";

/** One answer of a name lookup. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system's resolver in production). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/**
 * getaddrinfo, as every other client on the machine resolves (hosts file included), all answers.
 * node:dns loads with the first webhook sent: at start it cost about a fifth of the server's imports.
 */
export const systemResolve: Resolve = async (host) => {
  const { lookup } = await import("node:dns/promises");
  return (await lookup(host, { all: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));
};

/**
 * Where one delivery goes: the address it was checked against and will connect to, or why it is not
 * sent. `refused` is a rule saying no (sending again cannot help); otherwise the name did not resolve,
 * which a later try may find different.
 */
export type WebhookTarget = { ok: true; address: string } | { ok: false; refused: boolean; reason: string };

const refused = (reason: string): WebhookTarget => ({ ok: false, refused: true, reason });
const publicOnly = "; webhooks reach public addresses only";

/**
 * Resolves the webhook's host once and checks every address it answers, so a name with one public
 * and one internal address is refused; the delivery then connects to the address checked here
 * (pinned-fetch.ts) rather than resolving again, which a name with a short TTL could answer
 * differently (DNS rebinding). IPv4 is preferred where both are given.
 */
export async function checkedTarget(
  url: URL,
  allowed: AllowedHosts,
  resolve: Resolve,
  timeoutMs: number,
): Promise<WebhookTarget> {
  const hostProblem = webhookHostProblem(url, allowed);
  if (hostProblem) return refused(`Refused: ${hostProblem}${publicOnly}`);
  const host = bareHost(url.hostname);
  if (literalAddress(host)) return { ok: true, address: host };
  let answers: ResolvedAddress[];
  try {
    answers = await withTimeout(resolve(host), timeoutMs);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, refused: false, reason: `${host} could not be resolved (${String(code ?? error)})` };
  }
  if (answers.length === 0)
    return { ok: false, refused: false, reason: `${host} could not be resolved (no address)` };
  if (!nameAllowed(host, allowed)) {
    for (const answer of answers) {
      const problem = refusedAddress(answer.address, allowed);
      if (problem)
        return refused(`Refused: ${host} resolves to ${problem.address}, ${problem.kind}${publicOnly}`);
    }
  }
  const chosen = answers.find((answer) => answer.family === 4) ?? answers[0];
  return { ok: true, address: bareHost(chosen?.address ?? "") };
}

/** A lookup cannot be cancelled, but the try need not wait for it past its own time. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("lookup timed out"), { code: "ETIMEOUT" })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
