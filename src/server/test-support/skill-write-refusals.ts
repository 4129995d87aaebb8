import { expect } from "bun:test";
import type { SkillsTestClient } from "./skills-api-client.ts";

/** The answer of a write that puts a skill on a grid cell another skill holds. */
export const cellTakenAnswer = { status: 409, body: { error: "That grid cell is taken" } };

/** The answer of a write whose body is not JSON. */
export const malformedJsonAnswer = { status: 400, body: { error: "Request body is not valid JSON" } };

/** A PUT to `path` may keep the skill's own cell (`ownCell`, a 200) but not move it onto another's (`takenCell`). */
export async function expectOwnCellKept(
  client: SkillsTestClient,
  path: string,
  ownCell: unknown,
  takenCell: unknown,
): Promise<void> {
  expect((await client.call("PUT", path, ownCell)).status).toBe(200);
  expect(await client.call("PUT", path, takenCell)).toEqual(cellTakenAnswer);
}

/** A POST of `body` to `path` answers 400 with `error` and adds nothing to what `count` counts. */
export async function expectCreateRefused(
  client: SkillsTestClient,
  path: string,
  body: unknown,
  error: Record<string, unknown>,
  count: () => Promise<number>,
): Promise<void> {
  const before = await count();
  expect(await client.call("POST", path, body)).toEqual({ status: 400, body: error });
  expect(await count()).toBe(before);
}
