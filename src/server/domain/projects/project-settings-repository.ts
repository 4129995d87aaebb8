import type { SQL } from "bun";
import type { AdminProjectSettings, FlowConfigWrite } from "../../../shared/inbox-api.ts";
import { defaultFlowConfig } from "../../../shared/widget-config-api.ts";
import { randomBytes } from "../../auth/native-crypto.ts";
import { defaultFeedbackFlows } from "../flows/default-flows.ts";
import { insertFlow } from "../flows/flows-repository.ts";
import { findProjectById } from "./projects-repository.ts";

/** The widget project's settings as the admin reads and writes them (`widget_projects`). */

/** 32 hex characters, like the SDK keys hosts paste elsewhere; unguessable, so a key names one project. */
export const newSdkKey = (): string => randomBytes(16).toString("hex");
/** The identity-verification HMAC key. */
export const newIdentitySecret = (): string => randomBytes(32).toString("hex");

export async function findProjectSettings(sql: SQL, projectId: string): Promise<AdminProjectSettings | null> {
  const project = await findProjectById(sql, projectId);
  if (!project) return null;
  const [row] =
    await sql`SELECT created_at, feature_request_approval FROM widget_projects WHERE id = ${projectId}`;
  const stored = row as { created_at: string; feature_request_approval: boolean | number };
  return {
    id: project.id,
    name: project.name,
    sdkKey: project.sdkKey,
    flowConfig: { ...project.flowConfig },
    allowedOrigins: project.allowedOrigins,
    identityVerification: project.identityVerification,
    identitySecret: project.secret,
    featureRequestApproval: Boolean(stored.feature_request_approval),
    autoAssign: project.autoAssign,
    createdAt: String(stored.created_at),
  };
}

/**
 * A new project: a fresh SDK key and secret, identity verification off (as in Gleap: a pasted
 * `Gleap.identify(id, {name, email})` works at once; unverified, it only labels the visitor's own
 * session, and the install panel recommends turning verification on), any origin until the admin
 * lists some, the default flow config and the default feedback flows. Call it in a transaction.
 */
export async function insertProject(sql: SQL, name: string): Promise<string> {
  const id = Bun.randomUUIDv7();
  await sql`INSERT INTO widget_projects ${sql({
    id,
    name: name.trim(),
    sdk_key: newSdkKey(),
    secret: newIdentitySecret(),
    flow_config: JSON.stringify(defaultFlowConfig),
    identity_verification: false,
    allowed_origins: "[]",
    created_at: new Date().toISOString(),
  })}`;
  for (const flow of defaultFeedbackFlows) {
    const outcome = await insertFlow(sql, id, flow);
    if (!outcome.ok) throw new Error(`Default flow ${flow.key}: ${outcome.error}`);
  }
  return id;
}

export interface SettingsChange {
  name: string;
  flowConfig: FlowConfigWrite;
  allowedOrigins: string[];
  identityVerification: boolean;
  /** Undefined keeps the stored value (clients written before the setting existed leave it out). */
  featureRequestApproval?: boolean;
  /** Undefined keeps the stored value, as above. */
  autoAssign?: boolean;
}

/** Replaces the settings; the flow config is stored as written, the defaults fill the rest on read. */
export async function updateProjectSettings(
  sql: SQL,
  projectId: string,
  change: SettingsChange,
): Promise<void> {
  await sql`UPDATE widget_projects SET
      name = ${change.name.trim()},
      flow_config = ${JSON.stringify(change.flowConfig)},
      allowed_origins = ${JSON.stringify(change.allowedOrigins)},
      identity_verification = ${change.identityVerification},
      feature_request_approval = COALESCE(${change.featureRequestApproval ?? null}, feature_request_approval),
      auto_assign = COALESCE(${change.autoAssign ?? null}, auto_assign)
    WHERE id = ${projectId}`;
}

export async function rotateIdentitySecret(sql: SQL, projectId: string): Promise<void> {
  await sql`UPDATE widget_projects SET secret = ${newIdentitySecret()} WHERE id = ${projectId}`;
}

/**
 * An allowed origin as a browser sends it (`https://app.example.com`, a port when not the default):
 * the normalised form, or null when it is not an http(s) origin and nothing more.
 */
export function normaliseOrigin(text: string): string | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const bare = text.trim().replace(/\/$/, "");
    return url.origin === bare.toLowerCase() || url.origin === bare ? url.origin : null;
  } catch {
    return null;
  }
}
