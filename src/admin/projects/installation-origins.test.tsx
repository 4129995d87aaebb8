import { expect, test } from "bun:test";
import type { Installation } from "../../shared/installations-api.ts";
import { setLocale } from "../i18n/locale-store.ts";
import { renderedView } from "../test-support/rendered-view.ts";
import { InstallationOrigins } from "./installation-origins.tsx";
import { projectMessagesDe, projectMessagesEnUS } from "./project-messages.ts";

const { show: render } = renderedView([projectMessagesEnUS, projectMessagesDe]);

const seen = (origin: string, outsideAllowedOrigins: boolean): Installation => ({
  origin,
  firstSeenAt: "2030-01-01T00:00:00.000Z",
  lastSeenAt: new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString(),
  outsideAllowedOrigins,
});

function show(installations: Installation[]) {
  const host = render(<InstallationOrigins installations={installations} />);
  return [...host.querySelectorAll("[data-testid=install-origin]")];
}

test("each origin with its last visit; one the allowed origins leave out says so", () => {
  setLocale("en-US");
  const [shop, old] = show([seen("https://shop.example", false), seen("https://old.example", true)]);
  expect(shop?.querySelector("code")?.textContent).toBe("https://shop.example");
  expect(shop?.querySelector("time")?.textContent).toBe("3 hours ago");
  expect(shop?.querySelector("[data-testid=install-origin-outside]")).toBeNull();
  expect(old?.querySelector("[data-testid=install-origin-outside]")?.textContent).toBe(
    "not in the allowed origins",
  );
});

test("the mark is translated", () => {
  setLocale("de");
  const [old] = show([seen("https://old.example", true)]);
  expect(old?.querySelector("[data-testid=install-origin-outside]")?.textContent).toBe(
    projectMessagesDe["projectSettings.install.outsideAllowed"],
  );
  expect(old?.textContent).toContain("nicht unter den erlaubten Origins");
});
