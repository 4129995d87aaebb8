import { afterEach, describe, expect, test } from "bun:test";
import { captureClicks, describeElement } from "./click-capture.ts";
import type { ConsoleEntry } from "./console-capture.ts";
import { createLogBuffer } from "./log-buffer.ts";

const date = "2024-05-06T07:08:09.010Z";
const fixedNow = () => new Date(date);
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = "";
});

function capture(isOpen: () => boolean = () => false) {
  const buffer = createLogBuffer<ConsoleEntry>(500);
  const restore = captureClicks(document, buffer, isOpen, fixedNow);
  cleanups.push(restore);
  return { buffer, restore };
}

function mount(html: string): void {
  document.body.innerHTML = html;
}

const $ = (selector: string) => document.querySelector(selector) as HTMLElement;

describe("captureClicks", () => {
  test("records tag, id, classes and text as a CLICK entry", () => {
    const { buffer } = capture();
    mount('<button id="save" class="btn  primary">  Save\n   changes </button>');

    $("#save").click();

    expect(buffer.entries()).toEqual([
      { log: "button#save.btn.primary Save changes", date, priority: "CLICK" },
    ]);
  });

  test("an element without id, class or text is just its tag", () => {
    const { buffer } = capture();
    mount("<div><span></span></div>");

    $("span").click();

    expect(buffer.entries().map((entry) => entry.log)).toEqual(["span"]);
  });

  test("the text is cut to 40 characters after collapsing whitespace", () => {
    const { buffer } = capture();
    const text = "abcdefghij".repeat(5);
    mount(`<a class="link">\n ${text}</a>`);

    $("a").click();

    expect(buffer.entries()[0]?.log).toBe(`a.link ${text.slice(0, 40)}`);
  });

  test("a click on a nested element describes the target, not the listener's element", () => {
    const { buffer } = capture();
    mount('<div id="card"><em class="hint">Hi</em> there</div>');

    $("em").click();

    expect(buffer.entries()[0]?.log).toBe("em.hint Hi");
  });

  test("records in the capturing phase, even when the host stops propagation", () => {
    const { buffer } = capture();
    mount('<button id="stop">Stop</button>');
    $("#stop").addEventListener("click", (event) => event.stopPropagation());

    $("#stop").click();

    expect(buffer.entries().map((entry) => entry.log)).toEqual(["button#stop Stop"]);
  });

  test("clicks are ignored while the widget is open", () => {
    let open = true;
    const { buffer } = capture(() => open);
    mount("<button>Go</button>");

    $("button").click();
    open = false;
    $("button").click();

    expect(buffer.entries().map((entry) => entry.log)).toEqual(["button Go"]);
  });

  test("clicks on or inside the SDK's root element are ignored, also inside its shadow root", () => {
    const { buffer } = capture();
    mount('<div id="gleap-widget-root"><button class="inner">Inside</button></div><p>Outside</p>');
    const root = $("#gleap-widget-root");
    const shadow = root.attachShadow({ mode: "open" });
    shadow.innerHTML = "<button>Shadow</button>";

    $(".inner").click();
    root.click();
    (shadow.querySelector("button") as HTMLElement).click();
    $("p").click();

    expect(buffer.entries().map((entry) => entry.log)).toEqual(["p Outside"]);
  });

  test("a throwing isWidgetOpen never reaches the host's click handlers", () => {
    const { buffer } = capture(() => {
      throw new Error("state");
    });
    mount("<button>Go</button>");
    let hostSaw = 0;
    $("button").addEventListener("click", () => hostSaw++);

    $("button").click();

    expect(hostSaw).toBe(1);
    expect(buffer.entries()).toEqual([]);
  });

  test("restore() removes the listener", () => {
    const { buffer, restore } = capture();
    mount("<button>Go</button>");

    restore();
    $("button").click();

    expect(buffer.entries()).toEqual([]);
  });

  test("no text from inside or around a private region (gl-mask, gl-ignore, gl-block)", () => {
    const { buffer } = capture();
    mount(`
      <div class="gl-mask"><button id="in-mask">Ada Lovelace</button></div>
      <button id="holds-mask">Pay <span class="gl-mask">4929 7352</span></button>
      <div class="card gl-block" id="blocked">Card 4929</div>
      <form class="gl-ignore"><label id="in-ignore">Typed note</label></form>
      <button id="plain">Save</button>`);

    for (const id of ["in-mask", "holds-mask", "blocked", "in-ignore", "plain"]) $(`#${id}`).click();

    expect(buffer.entries().map((entry) => entry.log)).toEqual([
      "button#in-mask",
      "button#holds-mask",
      "div#blocked.card.gl-block",
      "label#in-ignore",
      "button#plain Save",
    ]);
  });

  test("describeElement handles SVG class attributes", () => {
    mount('<svg id="icon" class="a b"><circle class="c"></circle></svg>');

    expect(describeElement(document.querySelector("svg") as Element)).toBe("svg#icon.a.b");
  });
});
