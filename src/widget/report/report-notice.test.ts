import { describe, expect, test } from "bun:test";
import { defaultFlowConfig, type FlowConfig } from "../../shared/widget-config-api.ts";
import { createReportNotice } from "./report-notice.ts";
import { noticeShown, outboxChanged, quietNotice, sentNoticeMs } from "./report-notice-model.ts";

/** The notice in a real shadow root, with a clock the test moves and a language it sets. */
function setup({ nonce }: { nonce?: string } = {}) {
  const host = document.createElement("div");
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  let now = 0;
  let language = "en-us";
  let flowConfig: FlowConfig = defaultFlowConfig;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextTimer = 1;
  const notice = createReportNotice({
    root,
    nonce,
    language: () => language,
    flowConfig: () => flowConfig,
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(nextTimer, { at: now + ms, run });
      return nextTimer++;
    },
    clearTimeout: (timer) => void timers.delete(timer as number),
  });
  const box = () => root.querySelector<HTMLElement>("[data-testid=gleap-report-notice]");
  return {
    notice,
    root,
    box,
    /** What a visitor sees: the text, or null when nothing shows. */
    shown: () => {
      const element = box();
      return element && !element.hidden ? element.textContent : null;
    },
    setLanguage(next: string, config: Partial<FlowConfig> = {}) {
      language = next;
      flowConfig = { ...defaultFlowConfig, ...config };
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
  };
}

const waitingText = "Your feedback is saved on this device and will be sent when you are back online.";
const sentText = "Your feedback was sent. Thank you!";

describe("what the notice shows", () => {
  test("nothing is drawn until there is something to tell", () => {
    const s = setup();
    s.notice.messenger(true);
    s.notice.messenger(false);
    s.notice.outbox({ waiting: 0, delivered: false });
    expect(s.root.children).toHaveLength(0);
  });

  test("waiting shows while the messenger is closed (the frame says it when open), then sent, which goes by itself", () => {
    const s = setup();
    s.notice.messenger(true);
    s.notice.outbox({ waiting: 1, delivered: false });
    expect(s.shown()).toBeNull();
    s.notice.messenger(false);
    expect(s.shown()).toBe(waitingText);
    expect(s.box()?.dataset.state).toBe("waiting");
    s.notice.outbox({ waiting: 0, delivered: true });
    expect(s.shown()).toBe(sentText);
    s.advance(sentNoticeMs - 1);
    expect(s.shown()).toBe(sentText);
    s.advance(1);
    expect(s.shown()).toBeNull();
  });

  test("sent shows over an open messenger too; with more still waiting, waiting comes back after it", () => {
    const s = setup();
    s.notice.messenger(true);
    s.notice.outbox({ waiting: 2, delivered: false });
    s.notice.outbox({ waiting: 1, delivered: true });
    expect(s.shown()).toBe(sentText);
    s.notice.messenger(false);
    s.advance(sentNoticeMs);
    expect(s.shown()).toBe(waitingText);
  });

  test("the visitor closes it; it comes back for an arrival or one more waiting report, not for less", () => {
    const s = setup();
    s.notice.outbox({ waiting: 2, delivered: false });
    s.box()?.querySelector("button")?.click();
    expect(s.shown()).toBeNull();
    s.notice.outbox({ waiting: 2, delivered: false });
    expect(s.shown()).toBeNull();
    s.notice.outbox({ waiting: 3, delivered: false });
    expect(s.shown()).toBe(waitingText);
    s.box()?.querySelector("button")?.click();
    s.notice.outbox({ waiting: 2, delivered: true });
    expect(s.shown()).toBe(sentText);
  });

  test("German and Arabic (right to left), the project's own words, and the close button's label", () => {
    const s = setup();
    s.setLanguage("de-AT");
    s.notice.outbox({ waiting: 1, delivered: false });
    expect(s.shown()).toBe(
      "Ihr Feedback ist auf diesem Gerät gespeichert und wird gesendet, sobald Sie wieder online sind.",
    );
    expect(s.box()?.querySelector("button")?.getAttribute("aria-label")).toBe("Schließen");
    expect(s.box()?.dir).toBe("ltr");
    s.setLanguage("ar");
    s.notice.render();
    expect(s.shown()).toBe("تم حفظ ملاحظاتك على هذا الجهاز وسيتم إرسالها فور عودة الاتصال.");
    expect(s.box()?.dir).toBe("rtl");
    s.setLanguage("fr", {
      staticTranslations: { reportWaiting: "Enregistré ; envoyé dès le retour en ligne." },
    });
    s.notice.render();
    expect(s.shown()).toBe("Enregistré ; envoyé dès le retour en ligne.");
    s.notice.outbox({ waiting: 0, delivered: true });
    expect(s.shown()).toBe(sentText);
  });

  test("its stylesheet carries the host's nonce; destroy takes it all away", () => {
    const s = setup({ nonce: "n0nce" });
    s.notice.outbox({ waiting: 1, delivered: false });
    expect(s.root.querySelector("style")?.nonce).toBe("n0nce");
    s.notice.destroy();
    expect(s.root.children).toHaveLength(0);
  });
});

describe("the notice's rules", () => {
  test("an arrival shows for a while from the time it was told", () => {
    const state = outboxChanged(quietNotice, { waiting: 0, delivered: true }, 1000);
    expect(noticeShown(state, 1000)).toBe("sent");
    expect(noticeShown(state, 1000 + sentNoticeMs)).toBeNull();
  });

  test("waiting shows only with the messenger closed and something waiting", () => {
    const waiting = outboxChanged(quietNotice, { waiting: 1, delivered: false }, 0);
    expect(noticeShown(waiting, 0)).toBe("waiting");
    expect(noticeShown({ ...waiting, messengerOpen: true }, 0)).toBeNull();
    expect(noticeShown(outboxChanged(waiting, { waiting: 0, delivered: false }, 0), 0)).toBeNull();
  });
});
