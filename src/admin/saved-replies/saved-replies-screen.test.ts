import { describe, expect, test } from "bun:test";
import { savedRepliesScreen } from "./saved-replies-screen.ts";

const alpha = { id: "a/1", name: "Alpha" };
const beta = { id: "b", name: "Beta" };

describe("the saved replies screen for an address", () => {
  test("waits while the projects load", () => {
    expect(savedRepliesScreen(null, undefined)).toEqual({ kind: "loading" });
    expect(savedRepliesScreen(null, "b")).toEqual({ kind: "loading" });
  });

  test("without a project goes to the first one's replies, its id kept whole in the path", () => {
    expect(savedRepliesScreen([alpha, beta], undefined)).toEqual({
      kind: "redirect",
      to: "/dashboard/saved-replies/a%2F1",
    });
    expect(savedRepliesScreen([alpha, beta], "")).toEqual({
      kind: "redirect",
      to: "/dashboard/saved-replies/a%2F1",
    });
  });

  test("shows the project named, with every project seen to pick from", () => {
    expect(savedRepliesScreen([alpha, beta], "b")).toEqual({
      kind: "project",
      project: beta,
      projects: [alpha, beta],
    });
  });

  test("a project not among those seen is unknown, not shown", () => {
    expect(savedRepliesScreen([alpha], "b")).toEqual({ kind: "unknown-project" });
  });

  test("no project seen at all says so, whatever the address", () => {
    expect(savedRepliesScreen([], undefined)).toEqual({ kind: "no-projects" });
    expect(savedRepliesScreen([], "b")).toEqual({ kind: "no-projects" });
  });
});
