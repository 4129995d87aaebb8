import { clientIpHeader } from "../../../http/client-ip-header.ts";
import { jsonError } from "../../../http/json-response.ts";
import type { AccountRoutesDeps } from "../account-routes-deps.ts";
import { type CodePurpose, consumeCode } from "./verification-codes.ts";

const tooMany = (error: string, retryAfterSeconds: number) =>
  jsonError(429, error, undefined, { headers: { "Retry-After": String(retryAfterSeconds) } });

const clientIp = (request: Request) => request.headers.get(clientIpHeader) ?? "unknown";

/** What the routes that mail or check codes work with. */
export type CodeRouteDeps = Pick<AccountRoutesDeps, "sql" | "limits" | "limiter">;

/** A 429 when the address or the caller has asked for too many code mails, else null. */
export async function codeMailRefusal(
  { limits, limiter }: Pick<AccountRoutesDeps, "limits" | "limiter">,
  request: Request,
  address: string,
): Promise<Response | null> {
  for (const [key, limit] of [
    [`code-mail-ip:${clientIp(request)}`, limits.codeMailsPerIp],
    [`code-mail-address:${address.trim().toLowerCase()}`, limits.codeMailsPerAddress],
  ] as const) {
    const decision = await limiter.take(key, limit);
    if (!decision.allowed)
      return tooMany("Too many code requests, try again later", decision.retryAfterSeconds);
  }
  return null;
}

/**
 * Checks a code under the caller's failure window: the hit is taken first, so parallel guesses
 * count, and given back when the code was right.
 */
export async function checkCode(
  { sql, limits, limiter }: CodeRouteDeps,
  request: Request,
  userId: string | undefined,
  purpose: CodePurpose,
  code: string,
): Promise<boolean | Response> {
  const key = `code-check-ip:${clientIp(request)}`;
  const decision = await limiter.take(key, limits.codeFailuresPerIp);
  if (!decision.allowed) return tooMany("Too many wrong codes, try again later", decision.retryAfterSeconds);
  const ok = userId !== undefined && (await consumeCode(sql, userId, purpose, code, limits.attemptsPerCode));
  if (ok) await limiter.refund(key);
  return ok;
}
