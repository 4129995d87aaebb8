import { expect } from "bun:test";
import type { SQL } from "bun";
import type { AdminApiTestClient } from "./admin-api-client.ts";

/** Every row of `tables` as text: the same before and after a request that wrote nothing. */
export async function tableRows(sql: SQL, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables)
    parts.push(JSON.stringify(await sql.unsafe(`SELECT * FROM ${table} ORDER BY 1`)));
  return parts.join("\n");
}

/**
 * Calls `method path` as the admin and expects it refused with `status` and an error (naming `field`
 * when given), every row of `tables` left as it was; answers the error body.
 */
export async function expectRefusedWrite(
  api: AdminApiTestClient,
  tables: readonly string[],
  request: { method: string; path: string; body: unknown },
  status: number,
  field?: string,
): Promise<{ error: string; field?: string }> {
  const { method, path, body } = request;
  const before = await tableRows(api.sql, tables);
  const response = await api.call(method, path, body);
  const answer = (await response.json()) as { error: string; field?: string };
  expect(`${method} ${path} → ${response.status} ${answer.field ?? ""}`).toBe(
    `${method} ${path} → ${status} ${field ?? answer.field ?? ""}`,
  );
  expect(answer.error).toBeString();
  expect(await tableRows(api.sql, tables)).toBe(before);
  return answer;
}
