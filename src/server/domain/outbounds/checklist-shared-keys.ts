import type { SQL } from "bun";
import { sharedKeyNamePattern } from "../../../shared/checklist-shared-key-api.ts";
import { hmacSha256, randomBytes, sameText } from "../../auth/native-crypto.ts";
import { ensureSetting } from "../settings/settings-repository.ts";

/**
 * Shared checklist keys. A shared key puts every session that opens a checklist with it on
 * one instance, which each of them can change; a key the visitor makes up ("team-42") was a way into
 * anybody's shared checklist. So the server issues them: a key is a name the site owner picks for the
 * group plus the server's signature over (project, checklist, name), and the widget API takes only keys
 * whose signature holds. The site owner gets a key from the admin (the checklist's editor) or its API
 * and puts it on the page (`<gleap-checklist shared-key="…">`); a visitor cannot make one for another
 * name or another checklist. Keys are not stored: the same name always gives the same key, and a key
 * stops working with its checklist.
 */

/** The settings row of the signing secret, made on first use and shared by every server process. */
const secretSetting = "checklist_shared_key_secret";

const secrets = new WeakMap<SQL, Promise<string>>();

export function sharedKeySecret(sql: SQL): Promise<string> {
  let secret = secrets.get(sql);
  if (!secret) {
    secret = ensureSetting(sql, secretSetting, () => randomBytes(32).toString("base64url"));
    // A failed read is asked again next time rather than kept.
    secret.catch(() => secrets.delete(sql));
    secrets.set(sql, secret);
  }
  return secret;
}

export interface SharedKeyScope {
  projectId: string;
  outboundId: string;
}

function signature(secret: string, scope: SharedKeyScope, name: string): Buffer {
  return hmacSha256(secret, `checklist-shared-key\n${scope.projectId}\n${scope.outboundId}\n${name}`);
}

/** The shared key for the group `name` of one checklist: `name.signature`. */
export function issueSharedKey(secret: string, scope: SharedKeyScope, name: string): string {
  return `${name}.${signature(secret, scope, name).toString("base64url")}`;
}

/** Whether `key` was issued by this server for this checklist. */
export function sharedKeyIsGenuine(secret: string, scope: SharedKeyScope, key: string): boolean {
  const dot = key.lastIndexOf(".");
  if (dot <= 0) return false;
  const name = key.slice(0, dot);
  if (!sharedKeyNamePattern.test(name)) return false;
  // Compared as text, so only the one spelling the server issued passes (base64 decoding is lenient).
  return sameText(key.slice(dot + 1), signature(secret, scope, name).toString("base64url"));
}
