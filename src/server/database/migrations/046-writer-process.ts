import type { Migration } from "../migrations.ts";

/**
 * Each writer's row in `database_writers` names its process (database/writer-process.ts): a server
 * starting after a crash sees that the fresh row of the killed one belongs to a process that is gone
 * and starts at once, where it waited three seconds for a beat that could not come. Rows of an earlier
 * release have neither, and are waited for as before.
 */
export const writerProcess: Migration = {
  id: 46,
  name: "046-writer-process",
  statements: [
    "ALTER TABLE database_writers ADD COLUMN process_scope TEXT",
    "ALTER TABLE database_writers ADD COLUMN process_id INTEGER",
  ],
};
