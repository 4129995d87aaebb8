import { InvalidTokenError, jwtDecode } from "jwt-decode";
import type { AccessTokenPayload } from "../../shared/auth-api.ts";

/** The four decoding failures of spec §8, as short codes the UI and the tests can rely on. */
export type TokenDecodeReason = "token must be a string" | "missing part" | "invalid base64" | "invalid JSON";

export class TokenDecodeError extends Error {
  override name = "TokenDecodeError";
  constructor(readonly reason: TokenDecodeReason) {
    super(reason);
  }
}

/**
 * jwt-decode words its failures as free text ("Invalid token specified: invalid json for part #2 …");
 * they are mapped here to the spec's four reasons so nothing else parses that text.
 */
function reasonOf(error: InvalidTokenError): TokenDecodeReason {
  const text = error.message.toLowerCase();
  if (text.includes("must be a string")) return "token must be a string";
  if (text.includes("missing part")) return "missing part";
  if (text.includes("invalid base64")) return "invalid base64";
  return "invalid JSON";
}

/** Reads the access token's payload (base64 JSON) on the client; the signature is the server's business. */
export function decodeAccessToken(token: unknown): AccessTokenPayload {
  try {
    return jwtDecode<AccessTokenPayload>(token as string);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new TokenDecodeError(reasonOf(error));
    throw error;
  }
}

/** True when the token decodes and says its holder is an admin; a broken token is not an admin. */
export function isAdminToken(token: string | null): boolean {
  if (!token) return false;
  try {
    return decodeAccessToken(token).admin === true;
  } catch {
    return false;
  }
}
