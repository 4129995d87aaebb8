import { FrameHostRequest, frameHostPath } from "../../shared/frame-host-api.ts";
import { originAllowedFor } from "../domain/projects/allowed-origins.ts";
import { jsonError } from "../http/json-response.ts";
import { originOf } from "../http/platform-cors.ts";
import { readJsonBody } from "../http/read-json-body.ts";
import type { WidgetContext, WidgetRoute } from "./widget-api.ts";

/**
 * The messenger frame's binding to its host (src/shared/frame-host-api.ts): a frame opened without a
 * project in its URL is framed under the `frame-ancestors` of every project together, so before it
 * serves the project a host names, the server says whether that project allows the host's origin.
 */
export function frameHostRoutes({ messengerUrl }: { messengerUrl: () => string }): WidgetRoute[] {
  async function frameHost({ request, project }: WidgetContext): Promise<Response> {
    const body = await readJsonBody(request, FrameHostRequest, 4096);
    if (!body.ok) return body.response;
    const { origin } = body.value;
    if (!originAllowedFor(project.allowedOrigins, origin, originOf(messengerUrl()) || null)) {
      return jsonError(403, `A page on ${origin} may not show this project's messenger`, "origin");
    }
    return new Response(null, { status: 204 });
  }

  return [{ method: "POST", pattern: `/api/widget${frameHostPath}`, auth: "project", handle: frameHost }];
}
