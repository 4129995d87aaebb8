import { describe, expect, test } from "bun:test";
import {
  browserSearch,
  changeListQuery,
  choiceFilter,
  createListQuery,
  defaultedChoiceFilter,
  flagFilter,
  readSort,
  readWhole,
  textFilter,
  toggleListSort,
} from "./list-url.ts";

const colours = ["red", "green"] as const;

const list = createListQuery({
  sortFields: ["name", "createdAt"] as const,
  defaultSort: { field: "createdAt", direction: "desc" },
  filters: { ownerId: textFilter, colour: choiceFilter(colours), archived: flagFilter },
});

describe("reading the URL", () => {
  test("sort: `-` descends; an unknown field falls back", () => {
    const fallback = { field: "name", direction: "asc" } as const;
    expect(readSort("-createdAt", ["name", "createdAt"], fallback)).toEqual({
      field: "createdAt",
      direction: "desc",
    });
    expect(readSort("password", ["name", "createdAt"], fallback)).toBe(fallback);
    expect(readSort(null, ["name"], fallback)).toBe(fallback);
  });

  test("whole numbers: anything else, or one not allowed, falls back", () => {
    expect(readWhole("3", 1)).toBe(3);
    for (const value of [null, "", "0", "-2", "1.5", "abc"]) expect(readWhole(value, 1)).toBe(1);
    expect(readWhole("7", 25, [10, 25])).toBe(25);
  });

  test("filters: text is trimmed, a choice must be offered, a flag is true or false", () => {
    expect(textFilter.read(" c1 ")).toBe("c1");
    expect(textFilter.read(null)).toBe("");
    expect(choiceFilter(colours).read("green")).toBe("green");
    expect(choiceFilter(colours).read("blue")).toBeNull();
    expect([flagFilter.read("true"), flagFilter.read("false"), flagFilter.read("1")]).toEqual([
      true,
      false,
      null,
    ]);
  });
});

describe("createListQuery", () => {
  test("an empty query string is the default list, asked of the API with sort and page", () => {
    expect(list.parse("")).toEqual(list.defaults);
    expect(list.defaults).toEqual({
      q: "",
      ownerId: "",
      colour: null,
      archived: null,
      sort: { field: "createdAt", direction: "desc" },
      page: 1,
      pageSize: 25,
    });
    expect(list.search(list.defaults)).toBe("");
    expect(list.apiParams(list.defaults).toString()).toBe("sort=-createdAt&page=1&pageSize=25");
  });

  test("search, filters, sort and page survive a round trip, in a fixed parameter order", () => {
    const query = list.parse("?pageSize=50&archived=false&colour=red&ownerId=u1&q=%20x%20&sort=name&page=2");
    expect(query).toEqual({
      q: "x",
      ownerId: "u1",
      colour: "red",
      archived: false,
      sort: { field: "name", direction: "asc" },
      page: 2,
      pageSize: 50,
    });
    expect(list.search(query)).toBe("?q=x&ownerId=u1&colour=red&archived=false&sort=name&page=2&pageSize=50");
    expect(list.parse(list.search(query))).toEqual(query);
  });

  test("invalid values fall back; only sort and pages at their defaults leave the browser's URL", () => {
    expect(list.parse("?colour=blue&archived=yes&sort=-password&page=0&pageSize=7")).toEqual(list.defaults);
    expect(list.search({ ...list.defaults, page: 3 })).toBe("?page=3");
  });

  test("a list without filters reads only search, sort and page", () => {
    const plain = createListQuery({
      sortFields: ["title"] as const,
      defaultSort: { field: "title", direction: "asc" },
    });
    expect(plain.parse("?q=a&colour=red")).toEqual({
      q: "a",
      sort: { field: "title", direction: "asc" },
      page: 1,
      pageSize: 25,
    });
  });
});

describe("a filter with a default (react-admin's filterDefaultValues)", () => {
  const states = ["open", "closed"] as const;
  const tickets = createListQuery({
    sortFields: ["createdAt"] as const,
    defaultSort: { field: "createdAt", direction: "desc" },
    filters: { state: defaultedChoiceFilter(states, "open") },
  });

  test("no parameter is the default; `any` is every value; an unknown value is the default", () => {
    const filter = defaultedChoiceFilter(states, "open");
    expect(filter.read(null)).toBe("open");
    expect(filter.read("")).toBe("open");
    expect(filter.read("closed")).toBe("closed");
    expect(filter.read("any")).toBeNull();
    expect(filter.read("pending")).toBe("open");
  });

  test("the URL always says which; the API gets no parameter for any", () => {
    expect(tickets.defaults.state).toBe("open");
    expect(tickets.search(tickets.defaults)).toBe("?state=open");
    expect(tickets.apiParams(tickets.defaults).toString()).toBe(
      "state=open&sort=-createdAt&page=1&pageSize=25",
    );
    const every = { ...tickets.defaults, state: null };
    expect(tickets.search(every)).toBe("?state=any");
    expect(tickets.apiParams(every).toString()).toBe("sort=-createdAt&page=1&pageSize=25");
    expect(tickets.parse(tickets.search(every))).toEqual(every);
    expect(tickets.parse("?state=closed&page=2").state).toBe("closed");
  });
});

describe("changes", () => {
  const onPage3 = { ...list.defaults, page: 3 };

  test("any change but the page starts again on page 1", () => {
    expect(changeListQuery(onPage3, { colour: "green" })).toEqual({ ...list.defaults, colour: "green" });
    expect(changeListQuery(onPage3, { page: 4 }).page).toBe(4);
  });

  test("sorting: a new column ascends, the same column flips, on page 1", () => {
    const byName = toggleListSort(onPage3, "name");
    expect(byName.sort).toEqual({ field: "name", direction: "asc" });
    expect(byName.page).toBe(1);
    expect(toggleListSort(byName, "name").sort.direction).toBe("desc");
  });

  test("the browser's query string leaves out sort, page and size at their defaults", () => {
    const defaults = new URLSearchParams("sort=-createdAt&page=1&pageSize=25");
    expect(browserSearch(new URLSearchParams("q=a&sort=-createdAt&page=1&pageSize=25"), defaults)).toBe(
      "?q=a",
    );
    expect(browserSearch(new URLSearchParams("sort=-createdAt&page=1&pageSize=25"), defaults)).toBe("");
  });
});
