import { api } from "./api-client.ts";

/** `GET /api/public-config`: what the browser needs before signing in. */
export interface PublicConfig {
  captcha: { provider: string; siteKey: string | null };
  registrationEnabled: boolean;
  /** The messenger origin's public URL (report views load from it as from the admin's own origin). */
  messengerUrl?: string;
}

let cached: Promise<PublicConfig> | null = null;

/** Read once per page load; a failed read is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  cached ??= api<PublicConfig>("/api/public-config", { auth: false }).catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}
