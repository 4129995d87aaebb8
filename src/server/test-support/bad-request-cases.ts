import { expect } from "bun:test";
import { readAnswer } from "./api-calls.ts";

/** A request body and the 400's JSON answer to it. */
export type BadRequestCase<Body> = readonly [body: Body, error: unknown];

/**
 * Sends each case's body in turn and expects a 400 answering that case's error. The body stands on both
 * sides of the comparison so a failure names the case it came from.
 */
export async function expectBadRequests<Body>(
  cases: readonly BadRequestCase<Body>[],
  send: (body: Body) => Promise<{ status: number; body: unknown }>,
): Promise<void> {
  for (const [body, error] of cases) {
    const answer = await send(body);
    expect({ body, status: answer.status, answer: answer.body }).toEqual({
      body,
      status: 400,
      answer: error,
    });
  }
}

/**
 * The same for a list's query strings (`?sort=…`): `get` sends each to the list, and each answer must be
 * a 400 with that case's error.
 */
export function expectBadQueries(
  cases: readonly BadRequestCase<string>[],
  get: (query: string) => Promise<Response>,
): Promise<void> {
  return expectBadRequests(cases, async (query) => readAnswer(await get(query)));
}
