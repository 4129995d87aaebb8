import type { AdminApiTestClient } from "./admin-api-client.ts";

/** `POST /api/feedback/bulk` with `body` as the admin (or as `token`), expecting a 200: how many reports it changed. */
export const bulkChange = (api: AdminApiTestClient, body: unknown, token?: string) =>
  api.expectJson<{ updated: number }>("POST", "/api/feedback/bulk", body, 200, token);
