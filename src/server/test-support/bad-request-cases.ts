import { expect } from "bun:test";

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
