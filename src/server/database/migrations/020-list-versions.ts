import type { Migration } from "../migrations.ts";

const usersFilterColumns = ["name_key", "email", "role", "enabled", "email_verified", "mfa_enabled"];
const columnList = usersFilterColumns.join(", ");
/** True when an update changed a filtered column: `UPDATE users SET role = role` (a row lock) does not. */
const filterColumnChanged = usersFilterColumns
  .map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`)
  .join(" OR ");

/**
 * Counting the matches of a user search reads all 100,000 rows (about 13 ms), and every page
 * of the same search counted them again. `list_versions` says when a list's count may have changed, so
 * a reader can reuse a count while the version stays the same. A trigger on each engine bumps it on
 * every insert and delete, and on updates of the columns the users list filters on (the list's
 * filters, in users-repository.ts, use no other column: a new filter column must be added here too).
 * A login's `last_login_at`, a task's XP or a row lock (`SET role = role`) leave the version as it was.
 */
export const listVersions: Migration = {
  id: 20,
  name: "020-list-versions",
  statements: [
    `CREATE TABLE list_versions (
      name TEXT PRIMARY KEY,
      version BIGINT NOT NULL DEFAULT 0
    )`,
    `INSERT INTO list_versions (name, version) VALUES ('users', 0)`,
  ],
  engineStatements: {
    sqlite: [
      `CREATE TRIGGER users_list_version_insert AFTER INSERT ON users
        BEGIN UPDATE list_versions SET version = version + 1 WHERE name = 'users'; END`,
      `CREATE TRIGGER users_list_version_delete AFTER DELETE ON users
        BEGIN UPDATE list_versions SET version = version + 1 WHERE name = 'users'; END`,
      `CREATE TRIGGER users_list_version_update AFTER UPDATE OF ${columnList} ON users
        WHEN ${filterColumnChanged.replaceAll("IS DISTINCT FROM", "IS NOT")}
        BEGIN UPDATE list_versions SET version = version + 1 WHERE name = 'users'; END`,
    ],
    postgres: [
      `CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE list_versions SET version = version + 1 WHERE name = TG_ARGV[0];
          RETURN NULL;
        END $$`,
      // Once per statement: a bulk insert bumps the version once, not once per row.
      `CREATE TRIGGER users_list_version_rows AFTER INSERT OR DELETE ON users
        FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('users')`,
      `CREATE TRIGGER users_list_version_update AFTER UPDATE OF ${columnList} ON users
        FOR EACH ROW WHEN (${filterColumnChanged}) EXECUTE FUNCTION bump_list_version('users')`,
    ],
  },
};
