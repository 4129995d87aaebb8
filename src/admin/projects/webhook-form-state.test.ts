import { expect, test } from "bun:test";
import { checkWebhookForm, emptyWebhookForm, refusedFields, toggleEvent } from "./webhook-form-state.ts";

test("a form with an http(s) address and an event becomes the write, trimmed", () => {
  expect(
    checkWebhookForm({
      ...emptyWebhookForm(),
      url: "  https://hooks.example.com/in ",
      description: " CRM ",
    }),
  ).toEqual({
    ok: true,
    write: {
      url: "https://hooks.example.com/in",
      description: "CRM",
      events: ["report.created"],
      enabled: true,
    },
  });
});

test("each wrong field is named, as the server would refuse it", () => {
  for (const url of ["", "hooks.example.com", "javascript:alert(1)", "ftp://files.example.com", "http://"])
    expect(checkWebhookForm({ ...emptyWebhookForm(), url })).toEqual({
      ok: false,
      errors: { url: "webhooks.form.urlRule" },
    });
  expect(
    checkWebhookForm({
      url: "http://localhost:9000/hook",
      description: "x".repeat(201),
      events: [],
      enabled: false,
    }),
  ).toEqual({
    ok: false,
    errors: { description: "webhooks.form.descriptionRule", events: "webhooks.form.eventsRule" },
  });
});

test("ticking keeps the product's order and no repeats", () => {
  const ticked = toggleEvent(["survey.answered"], "report.created", true);
  expect(ticked).toEqual(["report.created", "survey.answered"]);
  expect(toggleEvent(ticked, "report.created", true)).toEqual(["report.created", "survey.answered"]);
  expect(toggleEvent(ticked, "survey.answered", false)).toEqual(["report.created"]);
});

test("the server's refusal of an address is named under the address; other refusals are not", () => {
  const internal = {
    error: "url must not point at an internal or local address (10.0.0.1 is a private network address)",
    field: "url",
  };
  expect(refusedFields(400, internal)).toEqual({ url: "webhooks.form.urlRefused" });
  expect(refusedFields(400, { error: "Expected a value", field: "events" })).toEqual({});
  expect(refusedFields(404, { error: "Project not found" })).toEqual({});
  expect(refusedFields(undefined, null)).toEqual({});
});
