import { describe, expect, test } from "bun:test";
import { createScrubber, encodedForms, scrubDeep } from "./secret-scrubber.ts";

const exact = { prefixes: false, minLength: 4 };
const withPrefixes = { prefixes: true, minLength: 4 };

describe("the secret scrubber", () => {
  test("a value is masked as typed, JSON-escaped, URL- and form-encoded, HTML-escaped and without separators", () => {
    const card = "4929 7352 6608 2514";
    const quoted = 'Pa"ss\\wörd';
    const scrub = createScrubber([card, quoted], exact);
    const bodies = [
      `card=${card}`,
      JSON.stringify({ card, password: quoted }),
      `card=${encodeURIComponent(card)}&password=${encodeURIComponent(quoted)}`,
      new URLSearchParams({ card, password: quoted }).toString(),
      `{"password":"${JSON.stringify(quoted).slice(1, -1).replace("ö", "\\u00f6")}"}`,
      `card=${encodeURIComponent(quoted).toLowerCase()}`,
      '<input value="Pa&quot;ss\\wörd">',
      JSON.stringify({ echo: JSON.stringify({ password: quoted }) }),
      "number 4929735266082514 sent",
    ];
    for (const body of bodies) {
      const scrubbed = scrub(body);
      expect(scrubbed).toHaveLength(body.length);
      for (const form of [...encodedForms(card), ...encodedForms(quoted)])
        expect([body, scrubbed.includes(form)]).toEqual([body, false]);
    }
    // The masked JSON is still JSON.
    expect(JSON.parse(scrub(JSON.stringify({ card, password: quoted })))).toEqual({
      card: "*".repeat(card.length),
      password: "*".repeat(JSON.stringify(quoted).length - 2),
    });
    // A JSON body echoed inside a JSON string is escaped twice.
    const echoed = scrub(JSON.stringify({ echo: JSON.stringify({ password: quoted }) }));
    expect(JSON.parse(JSON.parse(echoed).echo).password).toMatch(/^\*+$/);
    expect(scrub("nothing to see")).toBe("nothing to see");
  });

  test("with prefixes, what was sent while typing is masked from its first character", () => {
    const scrub = createScrubber(["hunter-secret"], withPrefixes);
    expect(scrub("q=hunt&q=hunter-s&q=hunter-secret!")).toBe("q=****&q=********&q=*************!");
    // Shorter than four characters: ordinary text, left alone.
    expect(scrub("hun hunX")).toBe("hun hunX");
    // Without prefixes only the whole value counts.
    expect(createScrubber(["hunter-secret"], exact)("hunter-s hunter-secret")).toBe("hunter-s *************");
  });

  test("overlapping values are masked as one stretch; short values are never looked for", () => {
    const scrub = createScrubber(["abcdef", "defghi", "xyz"], exact);
    expect(scrub("..abcdefghi..xyz")).toBe("..*********..xyz");
    expect(createScrubber(["xyz", ""], exact)("xyz")).toBe("xyz");
  });

  test("scrubDeep masks every string and key, copies only what changed, and leaves pictures alone", () => {
    const scrub = createScrubber(["Secret-Value"], exact);
    const untouched = { list: [1, "plain"], nested: { ok: true } };
    const input = {
      untouched,
      logs: [{ log: "typed Secret-Value" }, { log: "plain" }],
      custom: { "Secret-Value": "key", when: new Date(0) },
      image: "data:image/jpeg;base64,Secret-Value",
    };
    const output = scrubDeep(input, scrub);
    expect(output).toEqual({
      untouched,
      logs: [{ log: "typed ************" }, { log: "plain" }],
      custom: { "************": "key", when: "1970-01-01T00:00:00.000Z" } as never,
      image: "data:image/jpeg;base64,Secret-Value",
    });
    expect(output.untouched).toBe(untouched);
    expect(output.logs[1]).toBe(input.logs[1]);
    // The input is not modified.
    expect(input.logs[0]?.log).toBe("typed Secret-Value");
    const cyclic: Record<string, unknown> = { text: "Secret-Value" };
    cyclic.self = cyclic;
    expect((scrubDeep(cyclic, scrub) as { text: string }).text).toBe("************");
  });

  test("nothing to look for is the identity", () => {
    const scrub = createScrubber([], withPrefixes);
    const value = { a: "b" };
    expect(scrubDeep(value, scrub)).toBe(value);
  });
});
