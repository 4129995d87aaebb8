import type { BuilderInit } from "../../shared/builder-messages.ts";
import { type BuilderItem, itemPath, readItem, tooltipWrite, tourWrite } from "./builder-item.ts";

/**
 * The builder's two calls to the platform API (the server lets the messenger origin call
 * `/api/projects/.../outbounds|tooltips/{id}` cross-origin; src/server/http/platform-cors.ts): read the
 * item, save it. The bearer is the builder token that came with the page's `data` message: good for
 * this one item for 10 minutes (the admin's window sends a fresh one before it runs out), never the
 * admin's access token.
 */

export class BuilderApiError extends Error {
  override name = "BuilderApiError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(init: BuilderInit, method: "GET" | "PUT", body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${init.apiUrl.replace(/\/+$/, "")}${itemPath(init)}`, {
      method,
      headers: {
        Accept: "application/json",
        Authorization: `Bearer ${init.builderToken}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new BuilderApiError(0, "Network Error");
  }
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) {
    const message = typeof answer?.error === "string" ? answer.error : response.statusText;
    throw new BuilderApiError(response.status, message);
  }
  return answer as T;
}

export const loadItem = async (init: BuilderInit): Promise<BuilderItem> =>
  readItem(init.kind, await call(init, "GET"));

/** Saves the item and answers it as the server now has it. */
export async function saveItem(init: BuilderInit, item: BuilderItem): Promise<BuilderItem> {
  const body = item.kind === "tour" ? tourWrite(item.outbound, item.steps) : tooltipWrite(item.tooltip);
  return readItem(init.kind, await call(init, "PUT", body));
}
