import { describe, expect, test } from "bun:test";
import {
  type CookieOptions,
  consentCookieName,
  hasCookieConsent,
  readCookie,
  serializeCookie,
} from "./cookies.ts";

describe("serializeCookie", () => {
  test("a bare name and value", () => {
    expect(serializeCookie("gleap", "abc")).toBe("gleap=abc");
  });

  test("the value is URI-encoded", () => {
    expect(serializeCookie("session", '{"gleapId":"a b;c"}')).toBe(
      "session=%7B%22gleapId%22%3A%22a%20b%3Bc%22%7D",
    );
  });

  test("every option, in a fixed order", () => {
    const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
    const cookie = serializeCookie("gleap-widget-session-demo", "v", {
      maxAge: 31_536_000,
      domain: "feedback.example.com",
      path: "/app",
      expires,
      secure: true,
      priority: "high",
      sameSite: "lax",
    });
    expect(cookie).toBe(
      "gleap-widget-session-demo=v; Max-Age=31536000; Domain=feedback.example.com; Path=/app; " +
        "Expires=Wed, 02 Jan 2030 03:04:05 GMT; Secure; Priority=High; SameSite=Lax",
    );
  });

  test("a max age of 0 (deleting) and a negative max age are written as given", () => {
    expect(serializeCookie("a", "", { maxAge: 0 })).toBe("a=; Max-Age=0");
    expect(serializeCookie("a", "v", { maxAge: -1 })).toBe("a=v; Max-Age=-1");
  });

  test("a domain with a leading dot is accepted", () => {
    expect(serializeCookie("a", "v", { domain: ".example.com" })).toBe("a=v; Domain=.example.com");
  });

  test("secure false adds nothing", () => {
    expect(serializeCookie("a", "v", { secure: false })).toBe("a=v");
  });

  test.each([
    ["priority", "low", "Low", "Priority"],
    ["priority", "medium", "Medium", "Priority"],
    ["priority", "high", "High", "Priority"],
    ["sameSite", "strict", "Strict", "SameSite"],
    ["sameSite", "lax", "Lax", "SameSite"],
    ["sameSite", "none", "None", "SameSite"],
  ] as const)("%s %s is written as %s", (option, value, written, attribute) => {
    expect(serializeCookie("a", "v", { [option]: value } as CookieOptions)).toBe(
      `a=v; ${attribute}=${written}`,
    );
  });

  describe("validation (spec §8 messages)", () => {
    test.each(["", "a b", "a;b", "a=b", "na\u00efve", "a,b", 'a"b'])(
      "name %p: argument name is invalid",
      (name) => {
        expect(() => serializeCookie(name, "v")).toThrow(new TypeError("argument name is invalid"));
      },
    );

    test.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])(
      "maxAge %p: option maxAge is invalid",
      (maxAge) => {
        expect(() => serializeCookie("a", "v", { maxAge })).toThrow(
          new TypeError("option maxAge is invalid"),
        );
      },
    );

    test.each([
      "exa mple.com",
      "-example.com",
      "example-.com",
      "exa_mple.com",
      "example..com",
      "example.com;",
    ])("domain %p: option domain is invalid", (domain) => {
      expect(() => serializeCookie("a", "v", { domain })).toThrow(new TypeError("option domain is invalid"));
    });

    test.each(["/a;b", "/caf\u00e9", "/a\nb"])("path %p: option path is invalid", (path) => {
      expect(() => serializeCookie("a", "v", { path })).toThrow(new TypeError("option path is invalid"));
    });

    test("an invalid Date: option expires is invalid", () => {
      expect(() => serializeCookie("a", "v", { expires: new Date("not a date") })).toThrow(
        new TypeError("option expires is invalid"),
      );
    });

    test("an unknown priority: option priority is invalid", () => {
      const options = { priority: "urgent" } as unknown as CookieOptions;
      expect(() => serializeCookie("a", "v", options)).toThrow(new TypeError("option priority is invalid"));
    });

    test("priority is case-sensitive", () => {
      const options = { priority: "High" } as unknown as CookieOptions;
      expect(() => serializeCookie("a", "v", options)).toThrow(new TypeError("option priority is invalid"));
    });

    test("an unknown sameSite: option sameSite is invalid", () => {
      const options = { sameSite: "sometimes" } as unknown as CookieOptions;
      expect(() => serializeCookie("a", "v", options)).toThrow(new TypeError("option sameSite is invalid"));
    });

    test("the errors are TypeErrors", () => {
      let caught: unknown;
      try {
        serializeCookie("bad name", "v");
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(TypeError);
    });

    test("the name is checked before any option", () => {
      expect(() => serializeCookie("bad name", "v", { maxAge: 1.5, sameSite: "x" as "lax" })).toThrow(
        "argument name is invalid",
      );
    });
  });
});

describe("readCookie", () => {
  const jar =
    "first=1; gleap-widget-session-demo=%7B%22gleapId%22%3A%22g1%22%7D;  spaced = padded value ; eq=a=b=c";

  test("finds a cookie by exact name and decodes its value", () => {
    expect(readCookie(jar, "first")).toBe("1");
    expect(readCookie(jar, "gleap-widget-session-demo")).toBe('{"gleapId":"g1"}');
  });

  test("trims blanks around the name and the value", () => {
    expect(readCookie(jar, "spaced")).toBe("padded value");
  });

  test("keeps '=' inside the value", () => {
    expect(readCookie(jar, "eq")).toBe("a=b=c");
  });

  test("a missing cookie, a prefix of a name and an empty jar give null", () => {
    expect(readCookie(jar, "missing")).toBeNull();
    expect(readCookie(jar, "fir")).toBeNull();
    expect(readCookie("", "first")).toBeNull();
  });

  test("the first of two cookies with the same name wins", () => {
    expect(readCookie("a=one; a=two", "a")).toBe("one");
  });

  test("an empty value reads as the empty string", () => {
    expect(readCookie("a=; b=2", "a")).toBe("");
  });

  test("a value that is not valid percent-encoding gives null", () => {
    expect(readCookie("broken=%E0%A4%A", "broken")).toBeNull();
  });

  test("parts without '=' are skipped", () => {
    expect(readCookie("flag; a=1", "flag")).toBeNull();
    expect(readCookie("flag; a=1", "a")).toBe("1");
  });

  test("reads back what serializeCookie wrote", () => {
    const written = serializeCookie("s", '{"x":"1; 2"}', { path: "/" }).split(";")[0] ?? "";
    expect(readCookie(written, "s")).toBe('{"x":"1; 2"}');
  });
});

describe("hasCookieConsent", () => {
  test("the consent cookie is agreedToCookiePolicy", () => {
    expect(consentCookieName).toBe("agreedToCookiePolicy");
  });

  test("true only for the exact value 'true'", () => {
    expect(hasCookieConsent("agreedToCookiePolicy=true")).toBe(true);
    expect(hasCookieConsent("a=1; agreedToCookiePolicy=true; b=2")).toBe(true);
  });

  test.each([
    "",
    "agreedToCookiePolicy=false",
    "agreedToCookiePolicy=",
    "agreedToCookiePolicy=TRUE",
    "agreedToCookiePolicy=True",
    "agreedToCookiePolicy=1",
    "agreedToCookiePolicy=yes",
    "agreedToCookiePolicy=truthy",
    'agreedToCookiePolicy="true"',
    "otheragreedToCookiePolicy=true",
    "agreedToCookiePolicyX=true",
    "agreedtocookiepolicy=true",
  ])("%p is no consent", (cookies) => {
    expect(hasCookieConsent(cookies)).toBe(false);
  });
});

test("a value that cannot be encoded is refused with the spec's message", () => {
  expect(() => serializeCookie("name", "\uD800")).toThrow("argument val is invalid");
});
