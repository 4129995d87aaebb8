import { afterEach, describe, expect, test } from "bun:test";
import { typeIntoFields } from "../../common/typed-fields-test-support.ts";
import { type PictureReader, takePageSnapshot } from "./page-snapshot.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Puts markup into the test document's body (and styles into its head) for one test. */
function page(body: string, head = "") {
  const headNodes = document.createElement("div");
  headNodes.innerHTML = head;
  const added = Array.from(headNodes.childNodes);
  document.head.append(...added);
  document.body.innerHTML = body;
  cleanups.push(() => {
    for (const node of added) node.remove();
    document.body.innerHTML = "";
  });
}

/** Every picture on the page counts as loaded, 10 by 10 pixels (the test document loads none). */
function imagesLoaded() {
  for (const image of Array.from(document.querySelectorAll("img")))
    Object.defineProperties(image, {
      complete: { value: true },
      naturalWidth: { value: 10 },
      naturalHeight: { value: 10 },
    });
}

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

/** A picture reader that answers a fake data URL naming what it read and at which size. */
const fakeReader: PictureReader = async (source, size, encoding) =>
  `data:${encoding.type};base64,${source.tagName}-${size.width}x${size.height}`;

describe("the page snapshot", () => {
  test("scripts are removed, a <base> comes first, and the widget's own root is left out", async () => {
    page(
      '<main><h1>Acme</h1><script>alert(1)</script><noscript>js!</noscript><button onclick="x()">Buy</button></main>' +
        '<div id="gleap-widget-root"><p>widget</p></div>',
    );
    const snapshot = await takePageSnapshot({ exclude: (element) => element.id === "gleap-widget-root" });
    const doc = parse(snapshot.html);
    expect(doc.querySelector("script")).toBeNull();
    expect(doc.querySelector("noscript")).toBeNull();
    expect(doc.querySelector("#gleap-widget-root")).toBeNull();
    expect(doc.querySelector("h1")?.textContent).toBe("Acme");
    expect(doc.querySelector("button")?.hasAttribute("onclick")).toBe(false);
    expect(doc.head.firstElementChild?.tagName).toBe("BASE");
    expect(doc.querySelector("base")?.getAttribute("href")).toBe(document.baseURI);
    expect(snapshot).toMatchObject({ baseUrl: "http://localhost:3000", x: 0, y: 0, isMobile: false });
    expect(snapshot.width).toBe(window.innerWidth);
  });

  test("what the visitor typed is in the snapshot; marked fields and passwords as asterisks", async () => {
    page(
      '<form><input id="name"><input id="card" class="gl-mask"><input id="pin" gleap-ignore="value">' +
        '<input id="secret" type="password"><input id="note" class="gl-ignore"><textarea id="text"></textarea>' +
        '<input id="agree" type="checkbox"><select id="plan"><option>free</option><option>pro</option></select>' +
        '</form><p class="gl-mask">Ada Lovelace</p><div class="gl-block"><p>hidden</p></div>',
    );
    typeIntoFields({
      "#name": "Ada",
      "#card": "4111 1111",
      "#pin": "1234",
      "#secret": "hunter2",
      "#note": "private",
      "#text": "It broke\nagain",
      "#plan": "pro",
    });
    (document.getElementById("agree") as HTMLInputElement).checked = true;

    const doc = parse((await takePageSnapshot()).html);
    const value = (id: string) => doc.getElementById(id)?.getAttribute("value");
    expect(value("name")).toBe("Ada");
    expect(value("card")).toBe("*********");
    expect(value("pin")).toBe("****");
    expect(value("secret")).toBe("*******");
    expect(value("note")).toBe("*******");
    expect(doc.getElementById("text")?.textContent).toBe("It broke\nagain");
    expect(doc.getElementById("agree")?.hasAttribute("checked")).toBe(true);
    const options = doc.querySelectorAll("#plan option");
    expect([options[0]?.hasAttribute("selected"), options[1]?.hasAttribute("selected")]).toEqual([
      false,
      true,
    ]);
    expect(doc.querySelector("p.gl-mask")?.textContent).toBe("*** ********");
    expect(doc.querySelector(".gl-block")?.childNodes.length).toBe(0);
    expect(doc.body.textContent).not.toContain("hidden");
  });

  test("private by the shared rule: marks around fields, card and secret autocomplete, shadow roots", async () => {
    page(
      '<form class="gl-ignore"><input id="in-form" value="form-default"><select id="choice">' +
        '<option>a</option><option selected>b</option></select><textarea id="area">typed area</textarea></form>' +
        '<input id="card" autocomplete="cc-number"><input id="otp" autocomplete="one-time-code">' +
        '<div class="gl-ignore"><div id="editor" contenteditable="true">Dear Ada</div></div>' +
        '<div class="gl-mask"><x-login id="host"></x-login></div>',
    );
    typeIntoFields({ "#in-form": "typed in form", "#card": "4929 7352", "#otp": "981723" });
    const root = (document.getElementById("host") as HTMLElement).attachShadow({ mode: "open" });
    root.innerHTML = '<input id="inner" value="shadow-default"><p>Shadow name</p>';
    typeIntoFields({ "#inner": "typed in shadow" }, root);

    const html = (await takePageSnapshot()).html;
    const doc = parse(html);
    const value = (id: string) => doc.getElementById(id)?.getAttribute("value");
    expect(value("in-form")).toBe("*************");
    expect(value("card")).toBe("*********");
    expect(value("otp")).toBe("******");
    expect(doc.getElementById("area")?.textContent).toBe("**********");
    expect(doc.getElementById("editor")?.textContent).toBe("**** ***");
    // Which option a visitor chose in a private select is its value too.
    expect(doc.querySelectorAll("#choice option[selected]")).toHaveLength(0);
    for (const secret of [
      "typed",
      "4929",
      "981723",
      "Dear Ada",
      "Shadow name",
      "form-default",
      "shadow-default",
    ])
      expect([secret, html.includes(secret)]).toEqual([secret, false]);
  });

  test("a gl-block element is a same-size placeholder keeping none of its attributes' values", async () => {
    page(
      '<div id="card" class="box gl-block" style="color:red" title="Ada Lovelace" data-card="4929">' +
        '<p>hidden</p></div><input class="gl-block" id="blocked-input" value="4929 7352">',
    );
    const card = document.getElementById("card") as HTMLElement;
    card.getBoundingClientRect = () => ({ width: 320, height: 180 }) as DOMRect;
    const doc = parse((await takePageSnapshot()).html);
    const placeholder = doc.getElementById("card") as Element;
    expect(placeholder.getAttributeNames().sort()).toEqual(["class", "id", "style"]);
    // Set through the CSSOM (a host's CSP may refuse a style attribute), so in its serialisation.
    expect((placeholder as HTMLElement).style.color).toBe("red");
    expect((placeholder as HTMLElement).style.width).toBe("320px");
    expect((placeholder as HTMLElement).style.height).toBe("180px");
    expect(placeholder.childNodes).toHaveLength(0);
    expect(doc.getElementById("blocked-input")?.hasAttribute("value")).toBe(false);
  });

  test("stylesheets become their rules with absolute URLs; printed ones are left out", async () => {
    page(
      "<p>x</p>",
      '<style id="screen">.a { background: url(img/a.png) }</style><style media="print" id="printed">.b { color: red }</style>',
    );
    const doc = parse((await takePageSnapshot()).html);
    expect(doc.getElementById("printed")).toBeNull();
    const css = doc.getElementById("screen")?.textContent ?? "";
    expect(css).toContain('url("http://localhost:3000/img/a.png")');
  });

  test("pictures are read at most 500×500 and inlined; canvases at most 1400×1400 become pictures", async () => {
    page('<img id="photo" src="/photo.jpg" alt="a photo"><canvas id="chart" class="chart"></canvas>');
    const photo = document.getElementById("photo") as HTMLImageElement;
    Object.defineProperties(photo, {
      complete: { value: true },
      naturalWidth: { value: 2000 },
      naturalHeight: { value: 1000 },
    });
    const canvas = document.getElementById("chart") as HTMLCanvasElement;
    canvas.width = 2800;
    canvas.height = 700;
    const doc = parse((await takePageSnapshot({ readPicture: fakeReader })).html);
    expect(doc.getElementById("photo")?.getAttribute("src")).toBe("data:image/jpeg;base64,IMG-500x250");
    const chart = doc.getElementById("chart");
    expect(chart?.tagName).toBe("IMG");
    expect(chart?.getAttribute("class")).toBe("chart");
    expect(chart?.getAttribute("src")).toBe("data:image/png;base64,CANVAS-1400x350");
  });

  test("a picture that fails to resize warns once and keeps its absolute URL; the snapshot goes on", async () => {
    page('<img id="a" src="/a.png"><img id="b" src="/b.png"><img id="far" src="https://cdn.example/c.png">');
    imagesLoaded();
    const warnings: string[] = [];
    const read: string[] = [];
    const doc = parse(
      (
        await takePageSnapshot({
          readPicture: async (source) => {
            read.push((source as HTMLImageElement).src);
            throw new Error("decode failed");
          },
          warn: (message) => warnings.push(message),
        })
      ).html,
    );
    expect(warnings).toEqual(["Image resize failed."]);
    expect(doc.getElementById("a")?.getAttribute("src")).toBe("http://localhost:3000/a.png");
    // Another origin's picture cannot be read back from a canvas: it is not even tried.
    expect(read).not.toContain("https://cdn.example/c.png");
    expect(doc.getElementById("far")?.getAttribute("src")).toBe("https://cdn.example/c.png");
  });

  test("pictures past the budget keep their URLs", async () => {
    page('<img id="one" src="/1.png"><img id="two" src="/2.png">');
    imagesLoaded();
    const doc = parse((await takePageSnapshot({ readPicture: fakeReader, pictureBudget: 40 })).html);
    expect(doc.getElementById("one")?.getAttribute("src")).toStartWith("data:image/png");
    expect(doc.getElementById("two")?.getAttribute("src")).toBe("http://localhost:3000/2.png");
  });

  test("the drawings are placed over the viewport they were drawn on", async () => {
    page("<main>page</main>");
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><rect x="10" y="20" width="30" height="40" stroke="#EB144C"></rect></svg>';
    const doc = parse(
      (await takePageSnapshot({ drawing: { svg, x: 0, y: 300, width: 1024, height: 768 } })).html,
    );
    const layer = doc.querySelector(".gl-capture-drawings") as HTMLElement;
    expect(layer.style.position).toBe("absolute");
    expect([layer.style.left, layer.style.top, layer.style.width, layer.style.height]).toEqual([
      "0px",
      "300px",
      "1024px",
      "768px",
    ]);
    expect(layer.querySelector("rect")?.getAttribute("stroke")).toBe("#EB144C");
  });

  test("open shadow roots are kept as declarative shadow DOM", async () => {
    page('<x-card id="card"></x-card>');
    const card = document.getElementById("card") as HTMLElement;
    card.attachShadow({ mode: "open" }).innerHTML = "<p>inside</p>";
    const snapshot = await takePageSnapshot();
    expect(snapshot.html).toContain(
      '<x-card id="card"><template shadowrootmode="open"><p>inside</p></template></x-card>',
    );
  });
});
