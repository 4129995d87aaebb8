import type { FlowConfig } from "../../../shared/widget-config-api.ts";
import type { WidgetProject } from "./projects-repository.ts";

/**
 * The config a client gets for a language: the project's flowConfig with the override of the exact
 * language (`de-at`), else of its base language (`de`), laid over it; static translations merge key
 * by key so an override only names what differs.
 */
export function resolveFlowConfig(project: WidgetProject, lang: string | null): FlowConfig {
  const wanted = (lang ?? "").trim().toLowerCase();
  const base = wanted.split("-")[0] ?? "";
  const override = project.languageOverrides[wanted] ?? project.languageOverrides[base];
  if (!override) return project.flowConfig;
  return {
    ...project.flowConfig,
    ...override.flowConfig,
    staticTranslations: { ...project.flowConfig.staticTranslations, ...override.staticTranslations },
  };
}
