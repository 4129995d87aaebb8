import type { SQL } from "bun";
import { defaultFlowConfig, type FlowConfig } from "../../../shared/widget-config-api.ts";
import { rowFields } from "../record-rows.ts";

/** Per-language overrides of a project's config, keyed by lower-case language (`de`, `en-us`). */
export type LanguageOverrides = Record<
  string,
  { flowConfig?: Partial<FlowConfig>; staticTranslations?: Record<string, string> }
>;

export interface WidgetProject {
  id: string;
  name: string;
  sdkKey: string;
  /** Key of the identity-verification HMAC (`userHash`); never sent to a client. */
  secret: string;
  identityVerification: boolean;
  /** Host origins allowed to call the API and frame the messenger; empty means any. */
  allowedOrigins: string[];
  flowConfig: FlowConfig;
  languageOverrides: LanguageOverrides;
  /**
   * New conversations and reports go round-robin to available admins (staff/round-robin.ts). Kept
   * here so the widget's hot paths read it from the cached project, never with a query of their own.
   */
  autoAssign: boolean;
}

interface ProjectRow {
  id: string;
  name: string;
  sdk_key: string;
  secret: string;
  identity_verification: boolean | number;
  allowed_origins: string;
  flow_config: string;
  language_overrides: string;
  auto_assign: boolean | number | null;
  created_at: string;
}

function fromRow(row: ProjectRow): WidgetProject {
  return {
    ...rowFields(row, "id name sdk_key secret"),
    identityVerification: Boolean(row.identity_verification),
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    // Stored configs only hold what was set; defaults fill fields added since.
    flowConfig: { ...defaultFlowConfig, ...(JSON.parse(row.flow_config) as Partial<FlowConfig>) },
    languageOverrides: JSON.parse(row.language_overrides) as LanguageOverrides,
    autoAssign: Boolean(row.auto_assign),
  };
}

export async function findProjectBySdkKey(sql: SQL, sdkKey: string): Promise<WidgetProject | null> {
  const [row] = await sql`SELECT * FROM widget_projects WHERE sdk_key = ${sdkKey}`;
  return row ? fromRow(row) : null;
}

export async function findProjectById(sql: SQL, id: string): Promise<WidgetProject | null> {
  const [row] = await sql`SELECT * FROM widget_projects WHERE id = ${id}`;
  return row ? fromRow(row) : null;
}

/**
 * Host origins that may frame the messenger pages opened for the project with `sdkKey` (the widget's
 * frames carry it): that project's allowed origins, or null (any host) when it lists none. An unknown
 * key gets none. A frame opened without a key (the published Gleap SDK never adds one) may be framed
 * wherever some project would accept its host: by any host while a project lists no origins (every
 * fresh install), else by the origins the projects list. Framing alone gives such a frame no project:
 * it takes one only once `POST /api/widget/frame-host` says that project allows the host's origin
 * (src/messenger/host-binding.ts), so a host one project lists cannot drive another's.
 */
export async function frameAncestorsFor(sql: SQL, sdkKey: string | null): Promise<string[] | null> {
  if (sdkKey !== null) {
    const [row] = await sql`SELECT allowed_origins FROM widget_projects WHERE sdk_key = ${sdkKey}`;
    if (!row) return [];
    const origins = JSON.parse(row.allowed_origins) as string[];
    return origins.length === 0 ? null : [...new Set(origins)].sort();
  }
  const rows = await sql`SELECT allowed_origins FROM widget_projects`;
  const lists: string[][] = rows.map((row: { allowed_origins: string }) => JSON.parse(row.allowed_origins));
  if (lists.some((list) => list.length === 0)) return null;
  return [...new Set(lists.flat())].sort();
}

export interface ProjectSettings {
  identityVerification?: boolean;
  allowedOrigins?: string[];
  flowConfig?: Partial<FlowConfig>;
  languageOverrides?: LanguageOverrides;
}

/** Changes a project's widget settings (the admin screens call this; tests set up projects with it). */
export async function updateProjectSettings(
  sql: SQL,
  projectId: string,
  settings: ProjectSettings,
): Promise<void> {
  const [row] = await sql`SELECT * FROM widget_projects WHERE id = ${projectId}`;
  if (!row) throw new Error(`No widget project ${projectId}`);
  const current = fromRow(row);
  await sql`UPDATE widget_projects SET
      identity_verification = ${settings.identityVerification ?? current.identityVerification},
      allowed_origins = ${JSON.stringify(settings.allowedOrigins ?? current.allowedOrigins)},
      flow_config = ${JSON.stringify({ ...current.flowConfig, ...settings.flowConfig })},
      language_overrides = ${JSON.stringify(settings.languageOverrides ?? current.languageOverrides)}
    WHERE id = ${projectId}`;
}
