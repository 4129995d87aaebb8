import { describe, expect, test } from "bun:test";
import type { MessengerHome } from "../../../shared/messenger-home-api.ts";
import type { ChecklistAnswer, OutboundAction } from "../../../shared/outbound-api.ts";
import type { TipTapDoc } from "../../../shared/tiptap-doc.ts";
import type { WidgetPush } from "../../../shared/widget-socket-pushes.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import {
  call,
  demoProjectId,
  openSocket,
  ping,
  startSession,
  type TestSession,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import { writtenByHand } from "../../test-support/written-by-hand.ts";
import { createOutbound } from "./outbound-repository.ts";

/**
 * Banners, notifications, tours and checklists in the widget's languages through the real server:
 * what a German, an Arabic and an English session get of content written with `config.translations`.
 */

let api: AdminApiTestClient;
let server: TestServer;
let projectId: string;

startBeforeAll(startAdminApiTestClient, async (started) => {
  api = started;
  server = started.server;
  projectId = await demoProjectId(server.db.sql);
});

const doc = (text: string): TipTapDoc => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

/** A session of the demo project whose loader said `lang`. */
const sessionIn = (lang: string): Promise<TestSession> => startSession(server.mainUrl, lang);

type Fields = Parameters<typeof createOutbound>[1];
const live = (fields: Omit<Fields, "projectId" | "status">) =>
  writtenByHand(server, createOutbound(server.db.sql, { projectId, status: "live", ...fields }));

const actionsOf = (push: WidgetPush) => (push.data as { a: OutboundAction[] }).a;

/** What a session on `page` is offered after a ping, as its socket hears it. */
async function offeredOn(session: TestSession, page: string): Promise<OutboundAction[]> {
  const socket = await openSocket(server.mainUrl, session);
  try {
    expect((await ping(server.mainUrl, session, page)).status).toBe(200);
    for (;;) {
      const push = await socket.next();
      if (push.name === "update" && actionsOf(push).length > 0) return actionsOf(push);
    }
  } finally {
    socket.close();
  }
}

describe("outbounds in the visitor's language", () => {
  test("a banner and a notification: the session's language where written, English elsewhere", async () => {
    const banner = await live({
      type: "banner",
      name: "Sale",
      config: {
        title: "Spring sale",
        body: doc("20% off everything"),
        buttons: [{ text: "Shop now", action: "open-url", url: "https://shop.example/sale" }],
        translations: {
          de: { title: "Frühlingsangebot", body: doc("20 % auf alles"), buttons: [{ text: "Jetzt kaufen" }] },
          ar: { title: "  ", buttons: [{ text: "تسوق الآن" }] },
        },
      },
      pageFilter: "/languages/banner",
      pageFilterType: "endswith",
    });
    const page = "https://shop.example/languages/banner";
    /** What a session in `lang` is shown of the banner. */
    const bannerIn = async (lang: string) =>
      (await offeredOn(await sessionIn(lang), page)).find((action) => action.outbound === banner.id)?.data;
    const shown = (title: string, body: string, button: string) => ({
      title,
      body,
      buttons: [{ text: button, action: "open-url", url: "https://shop.example/sale" }],
    });

    expect(await bannerIn("de-DE")).toEqual(
      shown("Frühlingsangebot", "<p>20 % auf alles</p>", "Jetzt kaufen"),
    );
    // Arabic: the button is translated, the blank title falls back to the English one.
    const arabic = await bannerIn("ar");
    expect(arabic).toMatchObject({ title: "Spring sale", body: "<p>20% off everything</p>" });
    expect((arabic?.buttons as Array<{ text: string }> | undefined)?.[0]?.text).toBe("تسوق الآن");
    const english = await bannerIn("en");
    expect(english).toEqual(shown("Spring sale", "<p>20% off everything</p>", "Shop now"));
    // Another language: English, and no session ever gets the other languages' texts.
    expect(await bannerIn("fr")).toEqual(english);

    const note = await live({
      type: "notification",
      name: "Note",
      config: { text: "Hi {{name}}, welcome", translations: { ar: { text: "مرحبًا {{name}}" } } },
      pageFilter: "/languages/note",
      pageFilterType: "endswith",
    });
    const arabicVisitor = await sessionIn("ar");
    expect(
      (
        await call(server.mainUrl, arabicVisitor, "POST", "/sessions/partialupdate", {
          data: { name: "ليلى" },
        })
      ).status,
    ).toBe(200);
    const offered = await offeredOn(arabicVisitor, "https://shop.example/languages/note");
    expect(offered.find((action) => action.outbound === note.id)?.data).toEqual({ text: "مرحبًا ليلى" });
  });

  test("a tour's steps and buttons in the session's language, or the one a request names", async () => {
    const tour = await live({
      type: "tour",
      name: "Tour",
      config: {
        tourType: "standard",
        nextText: "Next",
        steps: [
          { selector: "#plans", message: doc("Our plans") },
          { selector: "#buy", message: "<p>Buy here</p>" },
        ],
        translations: {
          de: { nextText: "Weiter", steps: [{ message: doc("Unsere Tarife") }] },
          ar: { steps: [{}, { message: "<p>اشترِ من هنا</p>" }] },
        },
      },
    });
    const answer = async (session: TestSession, path = "/outbound/producttours") => {
      const response = await call(server.mainUrl, session, "POST", path, { outboundId: tour.id });
      expect(response.status).toBe(200);
      return ((await response.json()) as { config: Record<string, unknown> }).config;
    };
    const german = await answer(await sessionIn("de"));
    expect(german.nextText).toBe("Weiter");
    expect(german.steps).toEqual([
      { selector: "#plans", message: "<p>Unsere Tarife</p>" },
      { selector: "#buy", message: "<p>Buy here</p>" },
    ]);
    expect(german).not.toHaveProperty("translations");
    const english = await sessionIn("en");
    expect((await answer(english)).steps).toEqual([
      { selector: "#plans", message: "<p>Our plans</p>" },
      { selector: "#buy", message: "<p>Buy here</p>" },
    ]);
    const arabic = await answer(english, "/outbound/producttours?lang=ar");
    expect((arabic.steps as Array<{ message: string }>)[1]?.message).toBe("<p>اشترِ من هنا</p>");
  });

  test("a checklist, its steps by id, and its title on the messenger's home", async () => {
    const checklist = await live({
      type: "checklist",
      name: "Onboarding",
      config: {
        subject: "Get started",
        steps: [
          { id: "profile", title: "Fill in your profile" },
          { id: "invite", title: "Invite your team", actionTitle: "Invite" },
        ],
        successTitle: "All done",
        translations: {
          de: {
            subject: "Los geht's",
            // By id, whatever their order here.
            steps: [
              { id: "invite", title: "Team einladen", actionTitle: "Einladen" },
              { id: "profile", title: "Profil ausfüllen" },
            ],
            successTitle: "Alles erledigt",
          },
        },
      },
    });
    const german = await sessionIn("de");
    const started = await call(server.mainUrl, german, "POST", "/outbound/checklists", {
      outboundId: checklist.id,
    });
    const { id } = (await started.json()) as { id: string };
    const read = async (session: TestSession, query = "") =>
      (await (
        await call(server.mainUrl, session, "GET", `/outbound/checklists/${id}${query}`)
      ).json()) as ChecklistAnswer;
    const inGerman = await read(german);
    expect(inGerman.outbound.subject).toBe("Los geht's");
    expect(inGerman.outbound.config.steps.map((step) => [step.id, step.title, step.actionTitle])).toEqual([
      ["profile", "Profil ausfüllen", undefined],
      ["invite", "Team einladen", "Einladen"],
    ]);
    expect(inGerman.outbound.config.successTitle).toBe("Alles erledigt");
    expect((await read(german, "?lang=en")).outbound.subject).toBe("Get started");

    const home = (await (
      await call(server.mainUrl, german, "GET", "/messenger/home")
    ).json()) as MessengerHome;
    expect(home.checklists.find((entry) => entry.outboundId === checklist.id)?.title).toBe("Los geht's");
  });
});

describe("writing translations", () => {
  test("only texts, in the widget's languages, with documents the rendering knows", async () => {
    const write = (translations: unknown) =>
      api.call("POST", `/api/projects/${projectId}/outbounds`, {
        type: "banner",
        name: "Translated",
        config: { title: "Hello", translations },
      });
    expect((await write({ de: { title: "Hallo", buttons: [{ text: "Los" }] } })).status).toBe(201);
    const refusals: Array<[unknown, string]> = [
      [{ de: { url: "https://evil.example" } }, "config.translations.de.url"],
      [{ fr: { title: "Bonjour" } }, "config.translations.fr"],
      [{ ar: { body: { type: "doc", content: [{ type: "iframe" }] } } }, "config.translations.ar.body"],
    ];
    for (const [translations, field] of refusals) {
      const response = await write(translations);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field: string }).field).toBe(field);
    }
  });
});
