import { referenceSdkTexts } from "../../shared/reference-sdk-texts.ts";
import { listLiveTooltips } from "../domain/outbounds/tooltips-repository.ts";
import { resolveFlowConfig } from "../domain/projects/widget-config.ts";
import { json } from "../http/json-response.ts";
import { matchesEtag } from "../http/static-files.ts";
import type { WidgetContext, WidgetRoute } from "./widget-api.ts";
import type { WidgetRouteDeps } from "./widget-route-deps.ts";

/**
 * Answers JSON with a content ETag: a client revalidating an unchanged config gets a 304 with no body,
 * and `no-cache` makes it revalidate every time, so a saved change reaches the next page view.
 */
function cacheable(request: Request, body: unknown): Response {
  const text = JSON.stringify(body);
  const etag = `W/"${Bun.hash(text).toString(36)}"`;
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  if (matchesEtag(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });
  return json(body, { headers });
}

export function configRoutes({ sql, messengerUrl }: WidgetRouteDeps): WidgetRoute[] {
  function config({ request, url, project }: WidgetContext): Response {
    const lang = url.searchParams.get("lang");
    const resolved = resolveFlowConfig(project, lang);
    // The published SDK asks with a language and has no texts of its own (reference-sdk-texts.ts).
    // Ours asks with the visitor's language too and gets them, in the same words as its own; at a
    // language change it drops them until this answer for the new one comes (loader/widget-config.ts).
    const flowConfig = lang
      ? { ...resolved, staticTranslations: { ...referenceSdkTexts(lang), ...resolved.staticTranslations } }
      : resolved;
    return cacheable(request, {
      flowConfig,
      projectActions: {},
      // Without a language asked for: the project's fixed one, else English (a new project fixes none).
      lang: lang || flowConfig.localizationOptions.language || "en",
      // Not in the reference's answer (it ignores other keys): where this server's frames live, so the
      // SDK frames them without a setFrameUrl call.
      messengerUrl: messengerUrl().replace(/\/+$/, ""),
    });
  }

  async function tooltips({ request, project }: WidgetContext): Promise<Response> {
    return cacheable(request, await listLiveTooltips(sql, project.id));
  }

  return [
    { method: "GET", pattern: "/api/widget/config/:sdkKey", auth: "project-path", handle: config },
    { method: "GET", pattern: "/api/widget/config/:sdkKey/tooltips", auth: "project-path", handle: tooltips },
  ];
}
