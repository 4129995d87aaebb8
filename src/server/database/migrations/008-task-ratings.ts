import type { Migration } from "../migrations.ts";

/** One rating per user and task (issue 10): statements land with that work. */
export const taskRatings: Migration = {
  id: 8,
  name: "008-task-ratings",
  statements: [],
};
