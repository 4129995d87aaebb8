import { describe, expect, test } from "bun:test";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import { outboundConfigError } from "../../shared/outbound-api.ts";
import { textDoc } from "./content-test-kit.ts";
import {
  outboundFormFromRecord,
  outboundRequestFromForm,
  validateOutboundForm,
} from "./outbound-form-state.ts";
import { readTranslations, textSlots, writeTranslations } from "./outbound-translations.ts";

const record = (type: AdminOutbound["type"], config: Record<string, unknown>): AdminOutbound =>
  ({
    id: "o1",
    type,
    status: "draft",
    name: "Content",
    config,
    pageFilter: "",
    pageFilterType: "",
    audience: "all",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  }) as AdminOutbound;

describe("an outbound's translations in the editor", () => {
  test("a banner's title, body and buttons: read from the config and written back as stored", () => {
    const config = {
      title: "Sale",
      body: textDoc("20% off"),
      buttons: [
        { text: "Shop", action: "close" },
        { text: "Later", action: "close" },
      ],
      translations: {
        de: { title: "Angebot", body: textDoc("20 % Rabatt"), buttons: [{}, { text: "Später" }] },
      },
    };
    const form = outboundFormFromRecord("banner", record("banner", config));
    expect(form.translations.de).toEqual({
      title: "Angebot",
      body: textDoc("20 % Rabatt"),
      "buttons.1.text": "Später",
    });
    expect(form.translations.ar).toEqual({});
    const request = outboundRequestFromForm(form);
    expect(request.config.translations).toEqual({ de: config.translations.de, ar: null });
    expect(outboundConfigError("banner", request.config)).toBeUndefined();
    expect(validateOutboundForm(form)).toEqual({});
  });

  test("a checklist's steps by id, so they keep their texts when the steps move", () => {
    const config = {
      subject: "Start",
      steps: [
        { id: "a", title: "First" },
        { id: "b", title: "Second" },
      ],
      translations: { ar: { steps: [{ id: "b", title: "الثاني" }] } },
    };
    const form = outboundFormFromRecord("checklist", record("checklist", config));
    expect(form.translations.ar).toEqual({ "steps#b.title": "الثاني" });
    // The steps swap places: the Arabic text stays with its step.
    const steps = [...form.config.steps].reverse();
    const moved = { ...form, config: { ...form.config, steps } };
    expect(outboundRequestFromForm(moved).config.translations).toEqual({
      de: null,
      ar: { steps: [{ id: "b", title: "الثاني" }] },
    });
  });

  test("nothing written: no translations key; a removed step takes its texts along", () => {
    const config = { tourType: "standard", steps: [{ selector: "#a", message: "<p>Hi</p>" }] };
    const form = outboundFormFromRecord("tour", record("tour", config));
    expect(outboundRequestFromForm(form).config).not.toHaveProperty("translations");
    const slots = textSlots("tour", form.config);
    expect(slots.map((slot) => slot.key)).toEqual([
      "nextText",
      "prevText",
      "doneText",
      "steps.0.title",
      "steps.0.message",
    ]);
    const texts = {
      de: { "steps.0.message": textDoc("Hallo"), "steps.3.title": "gone" },
      ar: { nextText: "  " },
    };
    expect(writeTranslations(texts, slots)).toEqual({
      de: { steps: [{ message: textDoc("Hallo") }] },
      ar: null,
    });
    expect(
      readTranslations({ translations: { de: { steps: [{ message: "<p>Hallo</p>" }] } } }, slots).de,
    ).toEqual({
      "steps.0.message": textDoc("Hallo"),
    });
  });
});
