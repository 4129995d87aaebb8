import type { Migration } from "../migrations.ts";

/** Upload quotas (issue 10): statements land with that work. */
export const uploadQuotas: Migration = {
  id: 7,
  name: "007-upload-quotas",
  statements: [],
};
