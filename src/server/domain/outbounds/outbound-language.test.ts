import { describe, expect, test } from "bun:test";
import { localizedConfig } from "./outbound-language.ts";

const emptyDoc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "  " }] }] };

describe("an outbound's config in a language", () => {
  const config = {
    title: "Sale",
    selector: "#buy",
    steps: [
      { id: "a", title: "First", url: "/one" },
      { id: "b", title: "Second" },
    ],
    buttons: [{ text: "Go", url: "https://shop.example" }],
    translations: {
      de: {
        title: "Angebot",
        selector: "#kaufen",
        steps: [{ id: "b", title: "Zweiter" }, { title: "Erster?" }],
        buttons: [{ text: "Los", url: "https://evil.example" }],
      },
      ar: { title: emptyDoc, body: "<p>نص</p>" },
    },
  };

  test("English, or a language without a version: the config as written, without its translations", () => {
    const { translations: _, ...own } = config;
    expect(localizedConfig(config, "en")).toEqual(own);
    expect(localizedConfig({ title: "x", translations: { de: "broken" } }, "de")).toEqual({ title: "x" });
  });

  test("only texts change: steps by id (or by place when the version names none), buttons by place", () => {
    expect(localizedConfig(config, "de")).toEqual({
      title: "Angebot",
      selector: "#buy",
      steps: [
        { id: "a", title: "First", url: "/one" },
        { id: "b", title: "Zweiter" },
      ],
      buttons: [{ text: "Los", url: "https://shop.example" }],
    });
  });

  test("a blank document says nothing; a key the config does not have is still a text it shows", () => {
    expect(localizedConfig(config, "ar")).toMatchObject({ title: "Sale", body: "<p>نص</p>" });
  });
});
