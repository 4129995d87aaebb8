import { expect, test } from "bun:test";
import fc from "fast-check";
import { requestPath } from "./request-path.ts";

test("plain paths are cut out of the URL, query and fragment left out", () => {
  expect(requestPath("http://localhost:3000/api/widget/sessions/ping")).toBe("/api/widget/sessions/ping");
  expect(requestPath("http://localhost:3000/api/users?page=2&q=a/b")).toBe("/api/users");
  expect(requestPath("https://example.com/a#frag")).toBe("/a");
  expect(requestPath("http://127.0.0.1:1/")).toBe("/");
});

test("paths that URL rewrites go through URL", () => {
  expect(requestPath("http://h/api/widget/../../admin")).toBe("/admin");
  expect(requestPath("http://h/api/%2e%2e/x")).toBe("/x");
  expect(requestPath("http://h/a\\b")).toBe("/a/b");
  expect(requestPath("http://h/ü")).toBe("/%C3%BC");
  expect(requestPath("http://h")).toBe("/");
});

test("always the same pathname as new URL", () => {
  const segment = fc.stringMatching(/^[\w\-.%~!$&'()*+,;=:@\\ü]{0,8}$/);
  fc.assert(
    fc.property(
      fc.array(segment, { maxLength: 5 }),
      fc.option(fc.string({ maxLength: 6 })),
      (parts, query) => {
        const url = `http://localhost:3000/${parts.join("/")}${query === null ? "" : `?${query}`}`;
        expect(requestPath(url)).toBe(new URL(url).pathname);
      },
    ),
    { numRuns: 2000 },
  );
});
