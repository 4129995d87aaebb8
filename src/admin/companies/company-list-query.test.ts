import { describe } from "bun:test";
import { testListQueryBasics } from "../shell/list/list-query-expectations.ts";
import { companyListUrl } from "./company-list-query.ts";

describe("company list query", () => {
  testListQueryBasics(companyListUrl, {
    order: "sorted by name",
    apiDefaults: "sort=name&page=1&pageSize=25",
    roundTrip: [
      "?q=acme&sort=-jobs&page=2&pageSize=100",
      { q: "acme", sort: { field: "jobs", direction: "desc" }, page: 2, pageSize: 100 },
    ],
    invalid: "?sort=website&page=x&pageSize=20",
  });
});
