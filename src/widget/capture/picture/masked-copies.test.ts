import { afterEach, describe, expect, test } from "bun:test";
import { maskedCopy } from "./masked-copies.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** Puts `html` on the page and answers the element `selector` finds. */
function onPage<T extends Element = HTMLElement>(html: string, selector: string): T {
  document.body.innerHTML = html;
  return document.querySelector(selector) as T;
}

// happy-dom computes no default display: elements meant to be inline say so.
describe("how the picture shows what is private", () => {
  test("a masked field keeps its look with its value as asterisks, and nothing else of it", () => {
    const field = onPage<HTMLInputElement>(
      '<input id="card" class="gl-mask" name="card" placeholder="Card" title="4111" value="4111 1111">',
      "#card",
    );
    const copy = maskedCopy(field)?.copy as HTMLInputElement;
    expect(copy.tagName).toBe("INPUT");
    expect(copy.value).toBe("*********");
    expect(copy.getAttribute("value")).toBe("*********");
    expect(copy.getAttributeNames().sort()).toEqual(["class", "id", "value"]);
    // The page's field is left as it is.
    expect(field.value).toBe("4111 1111");
    const password = onPage<HTMLInputElement>('<input id="p" type="password" value="hunter2">', "#p");
    expect((maskedCopy(password)?.copy as HTMLInputElement | undefined)?.value).toBe("*******");
    const area = onPage('<div class="gl-ignore"><textarea id="t">Dear Ada</textarea></div>', "#t");
    expect(maskedCopy(area)?.copy.textContent).toBe("********");
  });

  test("plain fields, and boxes and buttons that show no value, show as they are", () => {
    expect(maskedCopy(onPage('<input id="n" value="Ada">', "#n"))).toBeUndefined();
    expect(
      maskedCopy(onPage('<input id="c" type="checkbox" class="gl-mask" checked>', "#c")),
    ).toBeUndefined();
    expect(maskedCopy(onPage('<p id="p">Shown</p>', "#p"))).toBeUndefined();
  });

  test("a masked select shows its choice as asterisks", () => {
    const select = onPage(
      '<select id="s" class="gl-mask"><option>Visa</option><option selected>Master Card</option></select>',
      "#s",
    );
    const copy = maskedCopy(select)?.copy as HTMLSelectElement;
    expect(copy.tagName).toBe("SELECT");
    expect([...copy.options].map((option) => option.textContent)).toEqual(["****** ****"]);
  });

  test("masked text in a box becomes a grey box of the same tag, without its text or attributes", () => {
    const secret = onPage(
      '<p id="s" class="gl-mask secret" title="Ada Lovelace">Ada <b>Lovelace</b></p>',
      "#s",
    );
    const standIn = maskedCopy(secret);
    const copy = standIn?.copy as HTMLElement;
    expect(copy.tagName).toBe("P");
    expect(copy.childNodes.length).toBe(0);
    expect(copy.hasAttribute("title")).toBe(false);
    expect(copy.style.getPropertyValue("background")).not.toBe("");
    expect(copy.style.getPropertyPriority("background")).toBe("important");
    expect(copy.style.getPropertyValue("box-sizing")).toBe("border-box");
    // What snapdom adds for the element's ::before/::after is emptied out again.
    copy.append("Ada");
    standIn?.restyle();
    expect(copy.childNodes.length).toBe(0);
    // An element inside a masked one is masked the same way.
    expect(maskedCopy(onPage('<div class="gl-mask"><h2 id="h">Ada</h2></div>', "#h"))?.copy.tagName).toBe(
      "H2",
    );
  });

  test("masked text in a line becomes asterisks, so the line keeps its flow", () => {
    const inline = onPage(
      '<p>Card holder <span id="n" class="gl-mask" style="display: inline">Ada Lovelace</span></p>',
      "#n",
    );
    const standIn = maskedCopy(inline);
    expect(standIn?.copy.textContent).toBe("*** ********");
    standIn?.copy.append("::after content");
    standIn?.restyle();
    expect(standIn?.copy.textContent).toBe("*** ********");
  });

  test("a blocked element is a grey box even in a line, and a blocked field too", () => {
    const blocked = onPage(
      '<p>Ref <span id="b" class="gl-block" style="display: inline">X-42</span></p>',
      "#b",
    );
    const copy = maskedCopy(blocked)?.copy as HTMLElement;
    expect(copy.textContent).toBe("");
    expect(copy.style.getPropertyValue("display")).toBe("inline-block");
    const field = onPage('<input id="f" class="gl-block" value="secret">', "#f");
    const fieldCopy = maskedCopy(field)?.copy as HTMLInputElement;
    expect(fieldCopy.getAttribute("value")).toBeNull();
  });
});
