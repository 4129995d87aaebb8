/**
 * A small cookie helper with the reference client's validation (spec §5, messages of §8). The loader
 * keeps the optional session cookie and reads the consent cookie through it; the writing half comes
 * with the loader's late file, the reading half is in the eager one.
 */
export interface CookieOptions {
  maxAge?: number;
  domain?: string;
  path?: string;
  expires?: Date;
  secure?: boolean;
  priority?: "low" | "medium" | "high";
  sameSite?: "strict" | "lax" | "none";
}

// RFC 6265 token and cookie-octet rules, written as short as they go (the loader's size budget): a
// token's letters, digits and `_` are `\w`; the cookie octets are ! # to + - to : < to [ ] to ~
// (0x21, 0x23–0x2B, 0x2D–0x3A, 0x3C–0x5B, 0x5D–0x7E); a path is space to : and = to ~ (0x20–0x3A,
// 0x3D–0x7E).
const token = /^[!#$%&'*+\-.^`|~\w]+$/;
const cookieValue = /^("?)[!#-+\--:<-[\]-~]*\1$/;
const domainValue = /^\.?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const pathValue = /^[ -:=-~]*$/;

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!token.test(name)) throw new TypeError("argument name is invalid");
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded.
    throw new TypeError("argument val is invalid");
  }
  if (!cookieValue.test(encoded)) throw new TypeError("argument val is invalid");
  let cookie = `${name}=${encoded}`;
  if (options.maxAge !== undefined) {
    if (!Number.isInteger(options.maxAge)) throw new TypeError("option maxAge is invalid");
    cookie += `; Max-Age=${options.maxAge}`;
  }
  if (options.domain) {
    if (!domainValue.test(options.domain)) throw new TypeError("option domain is invalid");
    cookie += `; Domain=${options.domain}`;
  }
  if (options.path) {
    if (!pathValue.test(options.path)) throw new TypeError("option path is invalid");
    cookie += `; Path=${options.path}`;
  }
  if (options.expires) {
    if (Number.isNaN(options.expires.valueOf())) throw new TypeError("option expires is invalid");
    cookie += `; Expires=${options.expires.toUTCString()}`;
  }
  if (options.secure) cookie += "; Secure";
  if (options.priority) {
    if (!["low", "medium", "high"].includes(options.priority))
      throw new TypeError("option priority is invalid");
    cookie += `; Priority=${options.priority[0]?.toUpperCase()}${options.priority.slice(1)}`;
  }
  if (options.sameSite) {
    if (!["strict", "lax", "none"].includes(options.sameSite))
      throw new TypeError("option sameSite is invalid");
    cookie += `; SameSite=${options.sameSite[0]?.toUpperCase()}${options.sameSite.slice(1)}`;
  }
  return cookie;
}

/**
 * Writes the session's cookie (`setUseCookies(true)`) as the reference does: Max-Age, Path / and
 * SameSite Lax; a `maxAge` of 0 removes it. Part of the loader's late file (loader/late-chunk.ts).
 */
export function writeSessionCookie(jar: { cookie: string }, name: string, value: string, maxAge: number) {
  jar.cookie = serializeCookie(name, value, { maxAge, path: "/", sameSite: "lax" });
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Spec §5: the SDK starts only once the host's consent cookie says `true`. */
export const consentCookieName = "agreedToCookiePolicy";

export function hasCookieConsent(cookies: string): boolean {
  return readCookie(cookies, consentCookieName) === "true";
}
