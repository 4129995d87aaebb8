import { expect, test } from "bun:test";
import { setLocale } from "../i18n/locale-store.ts";
import { renderedView } from "../test-support/rendered-view.ts";
import { IdentifyAdvice } from "./identify-advice.tsx";
import { projectMessagesDe, projectMessagesEnUS } from "./project-messages.ts";
import { identifyExample } from "./widget-snippet.ts";

const { show: render } = renderedView([projectMessagesEnUS, projectMessagesDe]);

function show(verified: boolean) {
  const host = render(<IdentifyAdvice verified={verified} />);
  const code = (id: string) => host.querySelector<HTMLTextAreaElement>(`[data-testid=${id}]`)?.value;
  return {
    advice: host.querySelector("[data-testid=identify-advice]")?.textContent,
    node: code("identify-node"),
    python: code("identify-python"),
    page: code("identify-page"),
    labels: [...host.querySelectorAll("label")].map((label) => label.textContent),
  };
}

test("verification off: the panel recommends turning it on, with the server's code and the page's call", () => {
  setLocale("en-US");
  const shown = show(false);
  expect(shown.advice).toStartWith(
    "Identity verification is off: Gleap.identify(userId, {name, email}) names the visitor as the page says",
  );
  expect(shown.advice).toContain("We recommend turning it on under Access and identity");
  expect(shown.labels).toEqual(["On your server (Node.js)", "On your server (Python)", "On the page"]);
  const example = identifyExample();
  expect(shown.node).toBe(example.node);
  expect(shown.python).toBe(example.python);
  expect(shown.page).toBe(example.page);
  expect(shown.node).toContain('createHmac("sha256", process.env.GLEAP_IDENTITY_SECRET)');
  expect(shown.page).toContain("Gleap.identify(user.id, { name: user.name, email: user.email }, userHash);");
});

test("verification on: the panel says identify needs the hash, with the same code", () => {
  setLocale("en-US");
  const shown = show(true);
  expect(shown.advice).toBe(
    "Identity verification is on: call Gleap.identify(userId, data, userHash) with the hash your server signs as below. Without a valid hash identify is refused, and the browser console says why.",
  );
  expect(shown.node).toBe(identifyExample().node);
});

test("every text is translated", () => {
  setLocale("de");
  const off = show(false);
  expect(off.advice).toStartWith("Die Identitätsprüfung ist aus: Gleap.identify(userId, {name, email})");
  expect(off.labels).toEqual(["Auf Ihrem Server (Node.js)", "Auf Ihrem Server (Python)", "Auf der Seite"]);
  const on = show(true);
  expect(on.advice).toBe(projectMessagesDe["projectSettings.identify.on"]);
});
