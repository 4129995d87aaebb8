import { frameHostPath } from "../../shared/frame-host-api.ts";
import type { HostCheck, HostVerdict } from "../host-binding.ts";
import { requestTimeoutMs } from "./api-client.ts";

/**
 * Asks the server whether the host's origin may show the project it names (host-binding.ts,
 * src/shared/frame-host-api.ts). A 4xx is the server's no (a 403 for the origin, a 401 for an unknown
 * key); no answer, a 5xx or a 429 leaves the question open, to be asked again.
 */
export async function requestHostCheck(
  { apiUrl, sdkKey, hostOrigin }: HostCheck,
  send: typeof fetch = fetch,
): Promise<HostVerdict> {
  try {
    const response = await send(`${apiUrl.replace(/\/+$/, "")}${frameHostPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": sdkKey },
      body: JSON.stringify({ origin: hostOrigin }),
      credentials: "omit",
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (response.ok) return "allowed";
    return response.status === 429 || response.status >= 500 ? "unknown" : "refused";
  } catch {
    return "unknown";
  }
}
