import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { botTiming, handoverRequest, reduceRun, startRun, waitingFor } from "../../shared/bot-run.ts";
import type { Bot } from "../../shared/bots-api.ts";
import type { Conversation } from "../../shared/conversations-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, type, waitFor } from "../test-support/dom-kit.ts";
import { cleanup, renderMessenger, screenOf } from "../test-support/messenger-test-kit.tsx";

const timing = { ...botTiming };
beforeEach(() => {
  // No pauses in tests (the pause itself has its own test).
  Object.assign(botTiming, { baseMs: 0, perCharMs: 0, maxMs: 0 });
});
afterEach(async () => {
  Object.assign(botTiming, timing);
  await cleanup();
});

/** The demo bot's shape (src/server/demo-data/messenger-demo.ts). */
const bot: Bot = {
  id: "bot-1",
  name: "Acme Assistant",
  avatarUrl: null,
  steps: [
    {
      id: "start",
      type: "buttons",
      text: "<p>Hi! What can I help you with?</p>",
      buttons: [
        { label: "Billing question", next: "billing" },
        { label: "Talk to a person", next: "email" },
      ],
    },
    {
      id: "billing",
      type: "buttons",
      text: "<p>Invoices are under <strong>Settings → Billing</strong>. Did that help?</p>",
      buttons: [
        { label: "Yes, thanks", next: "thanks" },
        { label: "Talk to a person", next: "email" },
      ],
    },
    {
      id: "email",
      type: "collect",
      text: "<p>Where can we reach you?</p>",
      field: { key: "email", label: "Your email", type: "email" },
      next: "handover",
    },
    { id: "handover", type: "handover", text: "<p>Passing you to our team.</p>" },
    { id: "thanks", type: "message", text: "<p>Glad I could help!</p>", next: null },
  ],
};

const bubbles = (root: ParentNode) =>
  qa(root, "[data-testid=chat-message]").map(
    (item) => `${item.dataset.author}: ${q(item, ".bubble")?.textContent}`,
  );

async function openBot(routes: Record<string, unknown> = {}, session?: Record<string, unknown>) {
  const rendered = await renderMessenger({ routes: { "GET /bots/bot-1": bot, ...routes }, session });
  await rendered.host({ name: "start-bot", data: { botId: "bot-1", hideBackButton: false } });
  await waitFor(() => q(rendered.container, "[data-testid=bot-choices]"));
  return rendered;
}

/** A visitor whose session names an e-mail. */
const ada = { gleapId: "g-1", gleapHash: "h-1", name: "Ada", email: "ada@example.com" };

/** Ada chose "Talk to a person" and sees the e-mail step; the handover is answered with `answer`. */
async function atEmailStep(answer: unknown) {
  const rendered = await openBot({ "POST /conversations": answer }, ada);
  await click(button(rendered.container, "Talk to a person"));
  await waitFor(() => q(rendered.container, "#bot-field-email"));
  return rendered;
}

/** What the handover sends after "Talk to a person" and ada@example.com. */
const handoverToAPerson: ReturnType<typeof handoverRequest> = {
  text: "Talk to a person\nYour email: ada@example.com",
  botId: "bot-1",
  transcript: [
    { author: "bot", text: "<p>Hi! What can I help you with?</p>" },
    { author: "visitor", text: "Talk to a person" },
    { author: "bot", text: "<p>Where can we reach you?</p>" },
    { author: "visitor", text: "ada@example.com" },
    { author: "bot", text: "<p>Passing you to our team.</p>" },
  ],
  collected: { email: "ada@example.com" },
};

describe("bot flow (the state machine)", () => {
  test("steps say their text, wait for a choice or a field, and collect what the visitor gives", () => {
    const at = "2026-01-01T00:00:00.000Z";
    let run = startRun(bot);
    expect(run.stepId).toBe("start");
    expect(waitingFor(bot, run)).toBeNull();
    run = reduceRun(bot, run, { type: "show", at });
    expect(waitingFor(bot, run)?.id).toBe("start");
    // A choice before its step is waiting is ignored.
    expect(reduceRun(bot, run, { type: "collect", value: "x", at })).toBe(run);
    run = reduceRun(bot, run, { type: "choose", label: "Talk to a person", next: "email", at });
    run = reduceRun(bot, run, { type: "show", at });
    run = reduceRun(bot, run, { type: "collect", value: " ada@example.com ", at });
    run = reduceRun(bot, run, { type: "show", at });
    expect(waitingFor(bot, run)?.type).toBe("handover");
    expect(run.collected).toEqual({ email: "ada@example.com" });
    expect(handoverRequest(bot, run, "I'd like to talk to a person.")).toEqual(handoverToAPerson);
  });

  test("a message step goes on by itself; one without next ends the chat", () => {
    let run = startRun(bot);
    run = reduceRun(bot, run, { type: "show" });
    run = reduceRun(bot, run, { type: "choose", label: "Billing question", next: "billing" });
    run = reduceRun(bot, run, { type: "show" });
    run = reduceRun(bot, run, { type: "choose", label: "Yes, thanks", next: "thanks" });
    run = reduceRun(bot, run, { type: "show" });
    expect(run.stepId).toBeNull();
    expect(run.transcript.at(-1)?.text).toBe("<p>Glad I could help!</p>");
    expect(reduceRun(bot, run, { type: "restart" })).toMatchObject({ stepId: "start", transcript: [] });
  });
});

describe("bot screen", () => {
  test("message steps appear after a typing pause", async () => {
    // Long enough that a loaded machine's polling still sees the indicator before the message.
    Object.assign(botTiming, { baseMs: 600, perCharMs: 0, maxMs: 600 });
    const rendered = await renderMessenger({ routes: { "GET /bots/bot-1": bot } });
    await rendered.host({ name: "start-bot", data: { botId: "bot-1" } });
    await waitFor(() => q(rendered.container, "[data-testid=typing-indicator]"));
    expect(q(rendered.container, "[data-testid=typing-indicator] .typing-label")?.textContent).toBe(
      "Acme Assistant is typing…",
    );
    expect(bubbles(rendered.container)).toEqual([]);
    await waitFor(() => bubbles(rendered.container).length === 1);
    expect(q(rendered.container, "[data-testid=typing-indicator]")).toBeNull();
    expect(q(rendered.container, ".header-title")?.textContent).toBe("Acme Assistant");
    expect(q(rendered.container, "[data-author=bot] .msg-name")?.textContent).toBe("Acme Assistant");
  });

  test("choices, an e-mail checked before it is taken, then the handover starts a conversation and opens it", async () => {
    const created: Conversation = {
      shareToken: "tok-bot",
      subject: "Talk to a person",
      status: "open",
      lastMessage: null,
      unread: 0,
      updatedAt: new Date().toISOString(),
      messages: [],
    };
    const rendered = await openBot({ "POST /conversations": created, "GET /conversations/tok-bot": created });
    const { container, api } = rendered;
    expect(bubbles(container)).toEqual(["bot: Hi! What can I help you with?"]);
    expect(qa(container, ".bot-choice").map((choice) => choice.textContent)).toEqual([
      "Billing question",
      "Talk to a person",
    ]);
    await click(button(container, "Talk to a person"));
    await waitFor(() => q(container, "[data-testid=bot-collect]"));
    expect(q(container, "label[for=bot-field-email]")?.textContent).toBe("Your email");
    const field = q<HTMLInputElement>(container, "#bot-field-email");
    expect(field?.type).toBe("email");
    await type(field, "ada@");
    await click(button(container, "Send"));
    expect(q(container, "[data-testid=bot-field-error]")?.textContent).toBe(
      "Please enter a valid email address, like name@example.com.",
    );
    expect(field?.getAttribute("aria-invalid")).toBe("true");
    await type(field, "ada@example.com");
    await click(button(container, "Send"));
    await waitFor(() => screenOf(container) === "conversation/tok-bot");
    expect(api.calls.find((call) => call.method === "POST" && call.path === "/conversations")?.body).toEqual(
      handoverToAPerson,
    );
  });

  test("the session's e-mail is offered; a failed handover offers Retry", async () => {
    const rendered = await atEmailStep(new ApiError("offline", 0, "down"));
    expect(q<HTMLInputElement>(rendered.container, "#bot-field-email")?.value).toBe("ada@example.com");
    await click(button(rendered.container, "Send"));
    await waitFor(() => q(rendered.container, "[data-testid=bot-handover-failed]"));
    rendered.api.routes["POST /conversations"] = {
      ...({} as Conversation),
      shareToken: "tok-2",
      messages: [],
    };
    rendered.api.routes["GET /conversations/tok-2"] = new Promise(() => {});
    await click(button(rendered.container, "Try again"));
    await waitFor(() => screenOf(rendered.container) === "conversation/tok-2");
  });

  test("a handover refused for too many new conversations says so instead of blaming the team", async () => {
    const rendered = await atEmailStep(
      new ApiError("rejected", 429, "Too many new conversations from your network"),
    );
    await click(button(rendered.container, "Send"));
    await waitFor(() => q(rendered.container, "[data-testid=bot-handover-failed]"));
    expect(q(rendered.container, "[data-testid=bot-handover-failed] .bot-end-text")?.textContent).toBe(
      "You have started several conversations in the last hour. Please continue in one of them, or try again later.",
    );
  });

  test("a chat that ends offers to start over or to write to the team", async () => {
    const { container } = await openBot();
    await click(button(container, "Billing question"));
    await waitFor(() => button(container, "Yes, thanks"));
    await click(button(container, "Yes, thanks"));
    await waitFor(() => q(container, "[data-testid=bot-ended]"));
    expect(bubbles(container)).toEqual([
      "bot: Hi! What can I help you with?",
      "visitor: Billing question",
      "bot: Invoices are under Settings → Billing. Did that help?",
      "visitor: Yes, thanks",
      "bot: Glad I could help!",
    ]);
    await click(button(container, "Start over"));
    await waitFor(() => q(container, "[data-testid=bot-choices]"));
    expect(bubbles(container)).toEqual(["bot: Hi! What can I help you with?"]);
    await click(button(container, "Billing question"));
    await waitFor(() => button(container, "Yes, thanks"));
    await click(button(container, "Yes, thanks"));
    await waitFor(() => q(container, "[data-testid=bot-ended]"));
    await click(button(container, "Send us a message"));
    expect(screenOf(container)).toBe("new-conversation");
  });

  test("a bot that is not live is a not-found state", async () => {
    const rendered = await renderMessenger();
    await rendered.host({ name: "start-bot", data: { botId: "gone" } });
    await waitFor(() => q(rendered.container, "[data-testid=error-state]"));
    expect(q(rendered.container, ".state-text")?.textContent).toBe("This is no longer available.");
  });
});

describe("a choice field", () => {
  const planBot: Bot = {
    id: "bot-1",
    name: "Plans",
    avatarUrl: null,
    steps: [
      {
        id: "plan",
        type: "collect",
        text: "<p>Which plan are you on?</p>",
        field: { key: "plan", label: "Your plan", type: "choice", options: ["Free", "Pro"] },
        next: "bye",
      },
      { id: "bye", type: "message", text: "<p>Thanks!</p>" },
    ],
  };

  test("the state machine takes one of the options only", () => {
    let run = reduceRun(planBot, startRun(planBot), { type: "show" });
    expect(reduceRun(planBot, run, { type: "collect", value: "Enterprise" })).toBe(run);
    run = reduceRun(planBot, run, { type: "collect", value: "Pro" });
    expect(run.collected).toEqual({ plan: "Pro" });
  });

  test("the screen offers the options as buttons under the field's label; a click answers", async () => {
    const rendered = await renderMessenger({ routes: { "GET /bots/bot-1": planBot } });
    await rendered.host({ name: "start-bot", data: { botId: "bot-1" } });
    const { container } = rendered;
    await waitFor(() => q(container, "[data-testid=bot-choices]"));
    expect(q(container, "[data-testid=bot-choices] legend")?.textContent).toBe("Your plan");
    await click(button(container, "Pro"));
    await waitFor(() => q(container, "[data-testid=bot-ended]"));
    expect(bubbles(container)).toEqual(["bot: Which plan are you on?", "visitor: Pro", "bot: Thanks!"]);
  });
});
