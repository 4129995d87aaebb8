import type { SQL } from "bun";
import type { CountChosenRead, Read } from "../../database/reads.ts";
import { insertRows } from "../../demo-data/bulk-insert.ts";
import { createRandom } from "../../demo-data/random.ts";
import { generateUsers } from "../../demo-data/users.ts";
import { type ListQuery, listPageReads, readListQuery } from "../../http/list-query.ts";
import { userSortColumns, usersListPage } from "./users-repository.ts";

/** Accounts named `Zqrare0` … `Zqrare11`: the only ones a search for `zqrare` finds. */
export const rareName = "Zqrare";
export const rareCount = 12;

/**
 * Fills `users` for the list-plan tests: generated accounts beside the seeded admin, with XP and balance
 * of few distinct values (so ties are common and the tie-breaker decides), a dozen with a rare name,
 * and the planner's statistics, as a database in use has them (database.ts runs `PRAGMA optimize`).
 */
export async function insertListTestUsers(sql: SQL, engine: "sqlite" | "postgres", count = 3000) {
  const users = generateUsers(createRandom("users-list-plans"), {
    count,
    adminCount: 3,
    passwordHash: "not a hash: these accounts never sign in",
    taken: { names: ["admin"], emails: ["admin@example.com"] },
  });
  const rows = users.map(({ row }, index) => {
    const rare = index < rareCount ? `${rareName}${index}` : null;
    return {
      ...row,
      xp: (index * 7) % 37,
      balance: index % 11,
      ...(rare ? { name: rare, name_key: rare.toLowerCase() } : {}),
    };
  });
  await sql.begin((tx) => insertRows(tx, "users", rows));
  await sql.unsafe(engine === "sqlite" ? "ANALYZE" : "ANALYZE users");
}

const listQuery = (search: string, sort: string, page: number): ListQuery => {
  const url = new URL(`http://localhost/api/users?q=${encodeURIComponent(search)}&sort=${sort}&page=${page}`);
  const query = readListQuery(url, userSortColumns, "-createdAt");
  if (query instanceof Response) throw new Error(`bad list query ${url}`);
  return query;
};

/** The count read and the page's choice between its two plans, for a search on enabled accounts. */
export function usersReads(
  search: string,
  sort: string,
  page: number,
): { count: Read; page: CountChosenRead } {
  const [count, chosen] = listPageReads(usersListPage(listQuery(search, sort, page), { status: "enabled" }));
  if (!("countOf" in chosen)) throw new Error("a search must let its count choose the page's plan");
  return { count, page: chosen };
}

export const sorts = Object.keys(userSortColumns).flatMap((field) => [field, `-${field}`]);
// A term in every e-mail address ("example"), one in a dozen names, and one in none.
export const searches = { common: "a", rare: rareName.toLowerCase(), absent: "qqq-nobody" } as const;
