import { describe, expect, test } from "bun:test";
import { number, object, optional, string } from "superstruct";
import { SessionStartRequest } from "../../shared/widget-session-api.ts";
import { readJsonBody } from "./read-json-body.ts";

function post(body: string | undefined): Request {
  return new Request("http://localhost/api/sessions", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
}

async function failure(body: string | undefined, schema = SessionStartRequest) {
  const result = await readJsonBody(post(body), schema);
  if (result.ok) throw new Error(`accepted ${body}`);
  return { status: result.response.status, body: await result.response.json(), response: result.response };
}

describe("readJsonBody", () => {
  test("a valid body is read", async () => {
    const result = await readJsonBody(post(JSON.stringify({ lang: "de" })), SessionStartRequest);
    expect(result).toEqual({ ok: true, value: { lang: "de" } });
  });

  test("an empty body is read as {}", async () => {
    expect(await readJsonBody(post(""), SessionStartRequest)).toEqual({ ok: true, value: {} });
    expect(await readJsonBody(post(undefined), SessionStartRequest)).toEqual({ ok: true, value: {} });
    expect(await readJsonBody(post("  \n "), SessionStartRequest)).toEqual({ ok: true, value: {} });
  });

  test("a NUL character (which PostgreSQL cannot store) is a 400, in any case of the escape", async () => {
    for (const body of ['{"lang":"de\\u0000"}', '{"lang":"\\U0000"}']) {
      const { status, body: answer } = await failure(body);
      expect(status).toBe(400);
      expect(answer).toEqual({ error: "Request body must not contain NUL characters" });
    }
  });

  test("invalid JSON is a 400 with a JSON error body", async () => {
    const { status, body, response } = await failure("{lang:");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Request body is not valid JSON" });
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  test("an unknown key is a 400 naming the key", async () => {
    const { status, body } = await failure(JSON.stringify({ lang: "de", admin: true }));
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Unknown field admin", field: "admin" });
  });

  test("a wrong type is a 400 naming the field", async () => {
    const { status, body } = await failure(JSON.stringify({ lang: 42 }));
    expect(status).toBe(400);
    expect(body.field).toBe("lang");
    expect(body.error).toStartWith("lang is invalid: ");
  });

  test("a value breaking a size rule is a 400 naming the field", async () => {
    const { status, body } = await failure(JSON.stringify({ lang: "x".repeat(33) }));
    expect(status).toBe(400);
    expect(body.field).toBe("lang");
  });

  test("a nested field is named by its dotted path", async () => {
    const schema = object({ user: object({ age: number() }), note: optional(string()) });
    const result = await readJsonBody(post(JSON.stringify({ user: { age: "old" } })), schema);
    if (result.ok) throw new Error("accepted a string age");
    expect(result.response.status).toBe(400);
    expect((await result.response.json()).field).toBe("user.age");
  });

  test("a JSON array is a 400", async () => {
    const { status, body } = await failure("[]");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Request body must be a JSON object" });
  });

  test("a JSON number is a 400", async () => {
    const { status, body } = await failure("42");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Request body must be a JSON object" });
  });

  test("JSON null is a 400", async () => {
    const { status, body } = await failure("null");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Request body must be a JSON object" });
  });
});
