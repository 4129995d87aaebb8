import { afterAll, afterEach, beforeEach, expect, jest, test } from "bun:test";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { Bot } from "../../shared/bots-api.ts";
import { registerMessages } from "../i18n/intl.ts";
import { localeState, setLocale } from "../i18n/locale-store.ts";
import { botMessagesDe, botMessagesEnUS } from "./bot-messages.ts";
import { BotTestRun } from "./bot-test-run.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
registerMessages(botMessagesEnUS, botMessagesDe);
// The screens' English wording; the language before is restored for the next file.
const localeBefore = localeState.locale;
setLocale("en-US");
afterAll(() => setLocale(localeBefore));

const bot: Bot = {
  id: "draft",
  name: "Router",
  avatarUrl: null,
  steps: [
    {
      id: "start",
      type: "buttons",
      text: "<p>Where to?</p>",
      buttons: [
        { label: "Sales", next: "plan" },
        { label: "Support", next: "bye" },
      ],
    },
    {
      id: "plan",
      type: "collect",
      field: { key: "email", label: "Your e-mail", type: "email" },
      next: "human",
    },
    { id: "human", type: "handover", text: "<p>A person takes over.</p>" },
    { id: "bye", type: "message", text: "<p>Support is on its way.<script>x()</script></p>" },
  ],
};

let root: Root | null = null;
// The run's typing pauses are timers: a fake clock moves them on instead of the test waiting them out.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  jest.useRealTimers();
});

function render(): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<BotTestRun bot={bot} blocked={false} />));
  return container;
}

const buttonNamed = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll("button")].find((button) => button.textContent === name);

/** Waits out the run's typing pauses (at most 300 ms a step), 50 ms of the fake clock at a time. */
async function settle(predicate: () => boolean) {
  for (let tries = 0; tries < 40 && !predicate(); tries++)
    await act(async () => jest.advanceTimersByTime(50));
  expect(predicate()).toBe(true);
}

const messages = (container: HTMLElement) =>
  [...container.querySelectorAll("[data-testid=bot-test-message]")].map((item) =>
    item.textContent?.replace(/^(Bot|Visitor): /, ""),
  );

/** Starts a test run and, once the first step's buttons are there, chooses `branch`. */
async function startAndChoose(branch: string): Promise<HTMLElement> {
  const container = render();
  act(() => buttonNamed(container, "Start test")?.click());
  await settle(() => buttonNamed(container, branch) !== undefined);
  act(() => buttonNamed(container, branch)?.click());
  return container;
}

test("a branch chosen in the test run goes where its button says, the bot's HTML cleaned", async () => {
  const container = await startAndChoose("Support");
  await settle(() => container.querySelector("[data-testid=bot-test-ended]") !== null);
  expect(messages(container)).toEqual(["Where to?", "Support", "Support is on its way."]);
  expect(container.querySelector("script")).toBeNull();
});

test("a question is checked as the messenger checks it; the handover shows what staff would get", async () => {
  const container = await startAndChoose("Sales");
  await settle(() => container.querySelector("input") !== null);
  const input = container.querySelector("input") as HTMLInputElement;
  const form = container.querySelector("form") as HTMLFormElement;
  const type = (value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  type("ada@");
  act(() => form.requestSubmit());
  expect(container.querySelector(".form-error")?.textContent).toBe("Please enter a valid e-mail address.");
  type("ada@example.com");
  act(() => form.requestSubmit());
  await settle(() => container.querySelector("[data-testid=bot-test-handover]") !== null);
  expect(container.querySelector(".bot-test-summary")?.textContent).toBe(
    "Sales\nYour e-mail: ada@example.com",
  );
  act(() => buttonNamed(container, "Start over")?.click());
  expect(messages(container)).toEqual([]);
});
