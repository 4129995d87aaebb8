import { describe, expect, test } from "bun:test";
import { createRouter, type Route } from "./router.ts";

const routes: Route<string>[] = [
  { method: "GET", pattern: "/api/items/:id", handler: "item" },
  { method: "GET", pattern: "/api/items/latest", handler: "latest (never reached: the pattern above wins)" },
  { method: "POST", pattern: "/api/items/latest", handler: "post latest" },
  { method: "POST", pattern: "/api/widget/sessions/ping", handler: "ping" },
  { method: "GET", pattern: "/api/widget/config/:key/tooltips", handler: "tooltips" },
  { method: "DELETE", pattern: "/api/items/:id", handler: "delete item" },
];

describe("createRouter", () => {
  const match = createRouter(routes);

  test("a path without parameters finds its route, by method", () => {
    expect(match("POST", "/api/widget/sessions/ping")).toEqual({
      kind: "found",
      handler: "ping",
      params: {},
    });
    expect(match("GET", "/api/widget/sessions/ping")).toEqual({ kind: "wrong-method", allowed: ["POST"] });
  });

  test("parameters are decoded; a NUL or a bad escape matches nothing", () => {
    expect(match("GET", "/api/widget/config/a%20b/tooltips")).toEqual({
      kind: "found",
      handler: "tooltips",
      params: { key: "a b" },
    });
    expect(match("GET", "/api/widget/config/a%00/tooltips")).toEqual({ kind: "none" });
    expect(match("GET", "/api/widget/config/%E0%A4%A/tooltips")).toEqual({ kind: "none" });
  });

  test("the first route that matches wins, for the paths of fixed patterns too", () => {
    expect(match("GET", "/api/items/latest")).toEqual({
      kind: "found",
      handler: "item",
      params: { id: "latest" },
    });
    expect(match("POST", "/api/items/latest")).toEqual({ kind: "found", handler: "post latest", params: {} });
    expect(match("DELETE", "/api/items/latest")).toEqual({
      kind: "found",
      handler: "delete item",
      params: { id: "latest" },
    });
  });

  test("a fixed path written with extra slashes is matched like the plain one", () => {
    expect(match("POST", "/api/widget/sessions/ping/")).toEqual({
      kind: "found",
      handler: "ping",
      params: {},
    });
    expect(match("POST", "//api/widget//sessions/ping")).toEqual({
      kind: "found",
      handler: "ping",
      params: {},
    });
  });

  test("a method no route uses is told which ones are allowed; an unknown path is none", () => {
    expect(match("PATCH", "/api/widget/sessions/ping")).toEqual({ kind: "wrong-method", allowed: ["POST"] });
    expect(match("PUT", "/api/items/latest")).toEqual({
      kind: "wrong-method",
      allowed: ["GET", "GET", "POST", "DELETE"],
    });
    expect(match("GET", "/api/nothing")).toEqual({ kind: "none" });
  });

  test("what one request is handed cannot change the next one's answer", () => {
    const first = match("GET", "/api/items/latest");
    if (first.kind !== "found") throw new Error("expected a route");
    first.params.id = "changed";
    const refused = match("GET", "/api/widget/sessions/ping");
    if (refused.kind !== "wrong-method") throw new Error("expected a wrong method");
    refused.allowed.push("GET");
    expect(match("GET", "/api/items/latest")).toEqual({
      kind: "found",
      handler: "item",
      params: { id: "latest" },
    });
    expect(match("GET", "/api/widget/sessions/ping")).toEqual({ kind: "wrong-method", allowed: ["POST"] });
  });
});
