import { expect, test } from "bun:test";
import { createRecordingHost } from "../common/chunk-context-test-support.ts";
import { runStepAction } from "./checklist-actions.ts";
import { readChecklist } from "./checklist-model.ts";

const stepOf = (step: Record<string, unknown>) => {
  const checklist = readChecklist({ id: "cl", outbound: { config: { steps: [{ id: "s", ...step }] } } });
  const read = checklist?.steps[0];
  if (!read) throw new Error("no step");
  return read;
};

test("every step action runs through the loader", () => {
  const host = createRecordingHost();
  const run = (step: Record<string, unknown>) => runStepAction(stepOf(step), host);
  expect(run({ action: "BOT", botId: "bot-1" })).toBe(true);
  expect(run({ action: "FEEDBACK_FLOW", formId: "bugreporting" })).toBe(true);
  expect(run({ action: "NEWS_ARTICLE", articleId: "news-1" })).toBe(true);
  expect(run({ action: "HELP_ARTICLE", articleId: "art-1" })).toBe(true);
  expect(run({ action: "CHECKLIST", outboundId: "other", sharedKey: "team" })).toBe(true);
  expect(run({ action: "CUSTOM_ACTION", actionBody: "open-billing" })).toBe(true);
  expect(run({ action: "REDIRECT_URL", actionBody: "/demo/pricing" })).toBe(true);
  expect(run({ action: "REDIRECT_URL", actionBody: "https://acme.test", actionOpenInNewTab: true })).toBe(
    true,
  );
  expect(host.commands).toEqual([
    { name: "startBot", args: ["bot-1"] },
    { name: "startFeedbackFlow", args: ["bugreporting"] },
    { name: "openNewsArticle", args: ["news-1"] },
    { name: "openHelpCenterArticle", args: ["art-1"] },
    { name: "startChecklist", args: ["other", true, "team"] },
  ]);
  expect(host.customActions).toEqual([{ name: "open-billing", extra: undefined }]);
  expect(host.openedUrls).toEqual([
    { url: "/demo/pricing", newTab: false },
    { url: "https://acme.test", newTab: true },
  ]);
});

test("an action without what it needs, none at all, or a flow without a session does nothing; errors are swallowed", () => {
  const host = createRecordingHost();
  for (const step of [
    { action: "none" },
    { action: "NEWS_ARTICLE" },
    { action: "HELP_ARTICLE", articleId: "" },
    { action: "CHECKLIST" },
    { action: "CUSTOM_ACTION" },
    { action: "REDIRECT_URL" },
    { action: "SOMETHING_ELSE" },
  ])
    expect(runStepAction(stepOf(step), host)).toBe(false);
  host.state.session = null;
  expect(runStepAction(stepOf({ action: "FEEDBACK_FLOW", formId: "x" }), host)).toBe(false);
  expect(host.commands).toEqual([]);
  const throwing = createRecordingHost({
    openUrl: () => {
      throw new Error("blocked");
    },
  });
  expect(runStepAction(stepOf({ action: "REDIRECT_URL", actionBody: "https://x.test" }), throwing)).toBe(
    false,
  );
});
