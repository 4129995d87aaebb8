import { afterEach, describe, expect, test } from "bun:test";
import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  setThemePreference,
  themeState,
  themeStorageKey,
} from "./theme.ts";

afterEach(() => {
  setThemePreference("system");
  localStorage.clear();
});

describe("theme", () => {
  test("a stored value that is not a choice means system", () => {
    expect(readThemePreference("dark")).toBe("dark");
    expect(readThemePreference("light")).toBe("light");
    expect(readThemePreference("system")).toBe("system");
    expect(readThemePreference(null)).toBe("system");
    expect(readThemePreference("purple")).toBe("system");
  });

  test("system follows prefers-color-scheme; a choice of one's own wins", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  test("data-theme on the root for light and dark, none for system", () => {
    const root = document.createElement("html");
    applyTheme("dark", root);
    expect(root.getAttribute("data-theme")).toBe("dark");
    applyTheme("light", root);
    expect(root.getAttribute("data-theme")).toBe("light");
    applyTheme("system", root);
    expect(root.hasAttribute("data-theme")).toBe(false);
  });

  test("a choice is stored under `theme` and applied to the document; system removes it", () => {
    setThemePreference("dark");
    expect(themeState.preference).toBe("dark");
    expect(localStorage.getItem(themeStorageKey)).toBe("dark");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    setThemePreference("system");
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
  });
});
