import { expect, test } from "bun:test";
import fc from "fast-check";
import { expectAnswers } from "../../shared/test-support/answer-cases.ts";
import { requestPath } from "./request-path.ts";

test("plain paths are cut out of the URL, query and fragment left out", () => {
  expectAnswers(requestPath, [
    ["http://localhost:3000/api/widget/sessions/ping", "/api/widget/sessions/ping"],
    ["http://localhost:3000/api/users?page=2&q=a/b", "/api/users"],
    ["https://example.com/a#frag", "/a"],
    ["http://127.0.0.1:1/", "/"],
  ]);
});

test("paths that URL rewrites go through URL", () => {
  expectAnswers(requestPath, [
    ["http://h/api/widget/../../admin", "/admin"],
    ["http://h/api/%2e%2e/x", "/x"],
    ["http://h/a\\b", "/a/b"],
    ["http://h/ü", "/%C3%BC"],
    ["http://h", "/"],
  ]);
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
