import { describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { UserListItem } from "../../../shared/users-api.ts";
import { countIn } from "../../database/count-chosen-read.ts";
import { logIn } from "../../test-support/api-calls.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { insertListTestUsers, rareCount, searches, sorts, usersReads } from "./users-list-test-support.ts";

/**
 * A users search that matches few accounts looks its matches up first instead of walking the
 * sort order's index (seconds at 100,000 users). Both plans must answer the same rows in the same order
 * with the same total, on SQLite and (with TEST_DATABASE_URL) on PostgreSQL, for every sort the list
 * offers, and the list must pick the plan its count calls for.
 */
let server: TestServer;
let token: string;

startBeforeAll(
  async () => {
    server = await startTestServer();
    token = await logIn(server.mainUrl, "admin@example.com", "admin");
    return server;
  },
  () => insertListTestUsers(server.db.sql, server.db.engine),
);

describe("the users list with a search", () => {
  for (const [kind, search] of Object.entries(searches)) {
    test(`answers the same page with either plan for the ${kind} term, every sort, pages 1 and 3`, async () => {
      for (const sort of sorts) {
        for (const page of [1, 3]) {
          const reads = usersReads(search, sort, page);
          const [counted = [], matchesFirst] = await server.db.reads.all([
            reads.count,
            { ...reads.page, fewUpTo: Number.POSITIVE_INFINITY },
          ]);
          const [, walk] = await server.db.reads.all([reads.count, { ...reads.page, fewUpTo: -1 }]);
          const context = `${kind} term, sort ${sort}, page ${page}`;
          expect(matchesFirst, context).toEqual(walk ?? []);

          const count = countIn(counted);
          if (kind === "common") {
            // Enough matches for the walk on both pages: the choice below takes the other branch.
            expect(count, context).toBeGreaterThan(reads.page.fewUpTo);
            expect(walk?.length, context).toBe(25);
          } else {
            expect(count, context).toBeLessThanOrEqual(reads.page.fewUpTo);
            expect(count, context).toBe(kind === "rare" ? rareCount : 0);
          }

          // Through the real route: the plan the count chose answers the same rows and total.
          const response = await fetch(
            `${server.mainUrl}/api/users?status=enabled&q=${encodeURIComponent(search)}&sort=${sort}&page=${page}`,
            { headers: { Authorization: `Bearer ${token}` } },
          );
          expect(response.status, context).toBe(200);
          const listed = (await response.json()) as ListPage<UserListItem>;
          expect(listed.total, context).toBe(count);
          expect(
            listed.items.map((item) => item.id),
            context,
          ).toEqual((walk as Array<{ id: string }>).map((row) => row.id));
        }
      }
    });
  }
});
