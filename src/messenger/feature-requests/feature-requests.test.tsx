import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { FeatureRequest } from "../../shared/feature-requests-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, settle, shownText, type, waitFor } from "../test-support/dom-kit.ts";
import { deferred } from "../test-support/fake-api.ts";
import {
  cleanup,
  daysAgo,
  emptyStateTitle,
  type Rendered,
  renderMessenger,
} from "../test-support/messenger-test-kit.tsx";
import { draftErrors, withNew } from "./feature-request-model.ts";

afterEach(cleanup);

const requests: FeatureRequest[] = [
  {
    id: "fr-1",
    title: "Dark mode",
    description: "Blinding at night.",
    status: "planned",
    votes: 9,
    voted: false,
    createdAt: daysAgo(40),
  },
  {
    id: "fr-2",
    title: "Calendar view",
    description: "",
    status: "in_progress",
    votes: 6,
    voted: true,
    createdAt: daysAgo(3),
  },
];

/** A request the visitor just suggested (with their vote). */
const newRequest = (
  fields: Pick<FeatureRequest, "id" | "title"> & Partial<FeatureRequest>,
): FeatureRequest => ({
  description: "",
  status: "open",
  votes: 1,
  voted: true,
  createdAt: new Date().toISOString(),
  ...fields,
});

/** Suggest, a title, Submit. */
async function suggest(container: HTMLElement, title: string) {
  await click(q(container, "[data-testid=request-suggest]"));
  await type(q<HTMLInputElement>(container, "#request-title"), title);
  await click(q(container, "[data-testid=request-submit]"));
}

async function openBoard(routes: Record<string, unknown> = {}) {
  const rendered = await renderMessenger({
    routes: {
      "GET /feature-requests?sort=top": requests,
      "GET /feature-requests?sort=new": [requests[1], requests[0]],
      ...routes,
    },
  });
  await rendered.host({ name: "open-feature-requests", data: {} });
  await waitFor(() => qa(rendered.container, "[data-testid=request-row]").length === 2);
  return rendered;
}

/** The board on a server whose newest-first list gains the request once it is posted. */
function openBoardGaining(posted: FeatureRequest) {
  const board = [requests[1], requests[0]];
  return openBoard({
    "POST /feature-requests": () => {
      board.unshift(posted);
      return posted;
    },
    "GET /feature-requests?sort=new": () => board,
  });
}

const row = (rendered: Rendered, id: string) =>
  q(rendered.container, `[data-request-id=${id}]`) as HTMLElement;
const votes = (rendered: Rendered, id: string) =>
  q(row(rendered, id), "[data-testid=vote-count]")?.textContent;
const voteButton = (rendered: Rendered, id: string) => q(row(rendered, id), "[data-testid=vote-button]");
const titles = (rendered: Rendered) =>
  qa(rendered.container, "[data-testid=request-row] .request-title").map((title) => title.textContent);

describe("feature requests", () => {
  test("the board by votes: counts, the visitor's votes pressed, status chips; New sorts by date", async () => {
    const rendered = await openBoard();
    expect(titles(rendered)).toEqual(["Dark mode", "Calendar view"]);
    expect(votes(rendered, "fr-1")).toBe("9");
    expect(voteButton(rendered, "fr-1")?.getAttribute("aria-pressed")).toBe("false");
    expect(voteButton(rendered, "fr-2")?.getAttribute("aria-pressed")).toBe("true");
    expect(voteButton(rendered, "fr-1")?.getAttribute("aria-label")).toBe("Vote for “Dark mode”, 9 votes");
    expect(qa(rendered.container, "[data-testid=request-status]").map((chip) => chip.textContent)).toEqual([
      "Planned",
      "In progress",
    ]);
    expect(q(rendered.container, "[data-sort=top]")?.getAttribute("aria-pressed")).toBe("true");
    await click(q(rendered.container, "[data-sort=new]"));
    await waitFor(() => titles(rendered)[0] === "Calendar view");
    expect(rendered.api.count("GET /feature-requests?sort=new")).toBe(1);
  });

  test("a vote counts at once and stays when the server agrees", async () => {
    const answer = deferred<FeatureRequest>();
    const rendered = await openBoard({ "POST /feature-requests/fr-1/vote": answer.promise });
    await click(voteButton(rendered, "fr-1"));
    expect(votes(rendered, "fr-1")).toBe("10");
    expect(voteButton(rendered, "fr-1")?.getAttribute("aria-pressed")).toBe("true");
    // A second tap while the first is on its way does nothing.
    await click(voteButton(rendered, "fr-1"));
    expect(rendered.api.count("POST /feature-requests/fr-1/vote")).toBe(1);
    await act(async () => answer.resolve({ ...(requests[0] as FeatureRequest), votes: 11, voted: true }));
    await settle();
    expect(votes(rendered, "fr-1")).toBe("11");
    // The other order of the board agrees too.
    await click(q(rendered.container, "[data-sort=new]"));
    await waitFor(() => titles(rendered)[0] === "Calendar view");
  });

  test("a refused vote goes back and says so; taking a vote back works the same way", async () => {
    const rendered = await openBoard({
      "POST /feature-requests/fr-2/vote": new ApiError("offline", 0, "down"),
    });
    await click(voteButton(rendered, "fr-2"));
    await waitFor(() => q(row(rendered, "fr-2"), "[data-testid=vote-failed]"));
    expect(votes(rendered, "fr-2")).toBe("6");
    expect(voteButton(rendered, "fr-2")?.getAttribute("aria-pressed")).toBe("true");
    expect(q(row(rendered, "fr-2"), "[data-testid=vote-failed]")?.textContent).toBe(
      "Your vote could not be saved. Please try again.",
    );
    rendered.api.routes["POST /feature-requests/fr-2/vote"] = { ...requests[1], votes: 5, voted: false };
    await click(voteButton(rendered, "fr-2"));
    await waitFor(() => votes(rendered, "fr-2") === "5");
    expect(voteButton(rendered, "fr-2")?.getAttribute("aria-pressed")).toBe("false");
    expect(q(row(rendered, "fr-2"), "[data-testid=vote-failed]")).toBeNull();
  });

  test("a new request: the title needs 3 characters, said at the field; nothing is sent until it has them", async () => {
    const created = newRequest({ id: "fr-9", title: "Nested tags", description: "Tags in tags." });
    const rendered = await openBoardGaining(created);
    const { container, api } = rendered;
    await click(q(container, "[data-testid=request-suggest]"));
    const title = q<HTMLInputElement>(container, "#request-title");
    expect(document.activeElement).toBe(title);
    await type(title, " ab ");
    await click(q(container, "[data-testid=request-submit]"));
    expect(q(container, "[data-testid=request-title-error]")?.textContent).toBe(
      "Please enter at least 3 characters.",
    );
    expect(title?.getAttribute("aria-invalid")).toBe("true");
    expect(title?.getAttribute("aria-describedby")).toBe("request-title-error");
    expect(api.count("POST /feature-requests")).toBe(0);
    await type(title, "Nested tags");
    expect(q(container, "[data-testid=request-title-error]")).toBeNull();
    await type(q<HTMLTextAreaElement>(container, "#request-description"), "Tags in tags.");
    await click(q(container, "[data-testid=request-submit]"));
    await waitFor(() => q(container, "[data-testid=request-thanks]"));
    expect(api.calls.find((call) => call.path === "/feature-requests")?.body).toEqual({
      title: "Nested tags",
      description: "Tags in tags.",
    });
    expect(q(container, "[data-testid=request-form]")).toBeNull();
    // Shown among the newest, with the visitor's vote.
    expect(q(container, "[data-sort=new]")?.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => titles(rendered)[0] === "Nested tags");
    expect(row(rendered, "fr-9").classList.contains("is-fresh")).toBe(true);
    expect(voteButton(rendered, "fr-9")?.getAttribute("aria-pressed")).toBe("true");
  });

  test("where requests are approved first, the author is told it appears once approved, and sees it marked", async () => {
    const pending = newRequest({ id: "fr-10", title: "Offline mode", pending: true });
    const rendered = await openBoardGaining(pending);
    const { container } = rendered;
    await suggest(container, "Offline mode");
    expect(await shownText(container, "[data-testid=request-thanks]")).toBe(
      "Thanks! Your request will appear once approved.",
    );
    await waitFor(() => titles(rendered)[0] === "Offline mode");
    expect(q(row(rendered, "fr-10"), "[data-testid=request-pending]")?.textContent).toBe("Awaiting approval");
    expect(q(row(rendered, "fr-1"), "[data-testid=request-pending]")).toBeNull();
  });

  test("in German the pending note and mark are German", async () => {
    const pending = newRequest({ id: "fr-11", title: "Offline-Modus", pending: true });
    const rendered = await renderMessenger({
      overrideLanguage: "de",
      routes: {
        "GET /feature-requests?sort=top": [pending],
        "GET /feature-requests?sort=new": [pending],
        "POST /feature-requests": pending,
      },
    });
    await rendered.host({ name: "open-feature-requests", data: {} });
    await waitFor(() => qa(rendered.container, "[data-testid=request-row]").length === 1);
    const { container } = rendered;
    expect(q(row(rendered, "fr-11"), "[data-testid=request-pending]")?.textContent).toBe(
      "Wartet auf Freigabe",
    );
    await suggest(container, "Offline-Modus");
    expect(await shownText(container, "[data-testid=request-thanks]")).toBe(
      "Danke! Ihr Wunsch erscheint, sobald er freigegeben ist.",
    );
  });

  test("a refusal for too many requests says to try later, in the visitor's words", async () => {
    const rendered = await openBoard({
      "POST /feature-requests": new ApiError("rejected", 429, "You can suggest at most 5 features a day"),
    });
    const { container } = rendered;
    await suggest(container, "One more idea");
    expect(await shownText(container, "[data-testid=request-failed]")).toBe(
      "You have suggested a lot of ideas already. Please try again later.",
    );
  });

  test("the server's refusal lands at its field; Cancel closes the form", async () => {
    const rendered = await openBoard({
      "POST /feature-requests": new ApiError("rejected", 400, "title must be at least 3 characters", "title"),
    });
    const { container } = rendered;
    await suggest(container, "Tags!");
    expect(await shownText(container, "[data-testid=request-title-error]")).toBe(
      "title must be at least 3 characters",
    );
    await click(button(container, "Cancel"));
    expect(q(container, "[data-testid=request-form]")).toBeNull();
  });

  test("empty and error states", async () => {
    const empty = await renderMessenger({ routes: { "GET /feature-requests?sort=top": [] } });
    await empty.host({ name: "open-feature-requests", data: {} });
    expect(await emptyStateTitle(empty.container)).toBe("No feature requests yet");
    await empty.unmount();
    const failing = await renderMessenger({
      routes: { "GET /feature-requests?sort=top": new ApiError("server", 500, "boom") },
    });
    await failing.host({ name: "open-feature-requests", data: {} });
    await waitFor(() => q(failing.container, "[data-testid=error-state]"));
  });

  test("rules and placement, without the screen", () => {
    expect(draftErrors({ title: "  ab ", description: "" })).toEqual({ title: "requests.titleShort" });
    expect(draftErrors({ title: "x".repeat(201), description: "y".repeat(5001) })).toEqual({
      title: "requests.titleLong",
      description: "requests.descriptionLong",
    });
    const fresh = { ...(requests[0] as FeatureRequest), id: "fr-3", votes: 1 };
    expect(withNew(requests, fresh, "new").map((item) => item.id)).toEqual(["fr-3", "fr-1", "fr-2"]);
    expect(withNew(requests, fresh, "top").map((item) => item.id)).toEqual(["fr-1", "fr-2", "fr-3"]);
  });
});
