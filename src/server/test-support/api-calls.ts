import { expect, test } from "bun:test";

/** A status and the parsed JSON body (null for an empty one), for comparing an answer in one assertion. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function readAnswer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return { status: response.status, body: (text === "" ? null : JSON.parse(text)) as T };
}

/** Logs in through the API, expects 200 and answers the access token. */
export async function logIn(mainUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Calls the main origin's API with `token` as the bearer (null: no Authorization header). A string body is
 * sent as it is, for malformed JSON; anything else as JSON.
 */
export function callApi(
  mainUrl: string,
  method: string,
  path: string,
  body: unknown,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${mainUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Expects an error answer: `status` and the `{ error, field? }` body. */
export async function expectError(
  response: Response,
  status: number,
  body: { error: string; field?: string },
): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
}

/** What `testStaffOnly` calls through: a JSON client with a USER's token. */
interface StaffOnlyClient {
  call(method: string, path: string, body?: unknown, token?: string | null): Promise<Response>;
  userToken: string;
}

/**
 * Two tests for each `[method, path, body]`: without a token it answers 401, with a USER's token 403.
 * `client` is read when the tests run, after the suite's start.
 */
export function testStaffOnly(
  endpoints: Array<[string, string, unknown]>,
  client: () => StaffOnlyClient,
): void {
  for (const [method, path, body] of endpoints) {
    test(`${method} ${path} without a token answers 401`, async () => {
      await expectError(await client().call(method, path, body, null), 401, {
        error: "Sign in first: the request has no bearer token",
      });
    });

    test(`${method} ${path} with a USER token answers 403`, async () => {
      await expectError(await client().call(method, path, body, client().userToken), 403, {
        error: "You are not authorized to use this dashboard.",
      });
    });
  }
}
