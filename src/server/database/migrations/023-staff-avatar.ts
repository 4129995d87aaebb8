import type { Migration } from "../migrations.ts";

/** Agents have a face: the picture an admin's replies carry, beside the display name. */
export const staffAvatar: Migration = {
  id: 23,
  name: "023-staff-avatar",
  statements: [`ALTER TABLE users ADD COLUMN avatar_url TEXT`],
};
