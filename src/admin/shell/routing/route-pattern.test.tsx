import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { matchRoute, type Parser, useRouter } from "wouter";
import { parseRoutePattern } from "./route-pattern.ts";

/** wouter's own default parser, as a component under no <Router> gets it. */
function wouterParser(): Parser {
  let parser: Parser | null = null;
  function Capture() {
    parser = useRouter().parser;
    return null;
  }
  renderToString(<Capture />);
  if (!parser) throw new Error("no parser");
  return parser;
}

const patterns = [
  "/dashboard",
  "/dashboard/inbox",
  "/dashboard/inbox/:id",
  "/dashboard/jobs/create",
  "/dashboard/jobs/:id/edit",
  "/dashboard/conversations/:projectId?/:id?",
  "/dashboard/saved-replies/:projectId?",
  "/dashboard/content/:projectId/surveys/:id/results",
];

const paths = [
  "/dashboard",
  "/dashboard/",
  "/dashboard/inbox",
  "/dashboard/inbox/",
  "/Dashboard/Inbox",
  "/dashboard/inbox/0199ab-cd",
  "/dashboard/inbox/0199ab/extra",
  "/dashboard/jobs/create",
  "/dashboard/jobs/7/edit",
  "/dashboard/conversations",
  "/dashboard/conversations/p1",
  "/dashboard/conversations/p1/c2",
  "/dashboard/conversations/p1/c2/x",
  "/dashboard/saved-replies",
  "/dashboard/saved-replies/p1",
  "/dashboard/content/p1/surveys/s9/results",
  "/dashboard/inboxes",
  "/login",
];

describe("route patterns read before anything renders", () => {
  test("match what wouter matches, with the same parameters", () => {
    const wouter = wouterParser();
    for (const pattern of patterns)
      for (const path of paths)
        expect({ pattern, path, match: matchRoute(parseRoutePattern, pattern, path) }).toEqual({
          pattern,
          path,
          match: matchRoute(wouter, pattern, path),
        });
  });

  test("a form the dashboard does not use matches nothing", () => {
    expect(matchRoute(parseRoutePattern, "/files/*", "/files/a")[0]).toBe(false);
    expect(matchRoute(parseRoutePattern, "/files/:name.json", "/files/a.json")[0]).toBe(false);
  });

  test("a plain segment's dots and brackets are no regular expression", () => {
    expect(matchRoute(parseRoutePattern, "/a.b", "/axb")[0]).toBe(false);
    expect(matchRoute(parseRoutePattern, "/a.b", "/a.b")[0]).toBe(true);
  });
});
