import { describe, expect, test } from "bun:test";
import { agentMayOpen, staffRoleOf } from "./staff-role.ts";

describe("the signed-in staff role", () => {
  test("is the user's role; an admin stored before roles is an admin; a platform user is none", () => {
    expect(staffRoleOf({ role: "ADMIN", staffRole: "agent" })).toBe("agent");
    expect(staffRoleOf({ role: "ADMIN", staffRole: "owner" })).toBe("owner");
    expect(staffRoleOf({ role: "ADMIN" })).toBe("admin");
    expect(staffRoleOf({ role: "USER", staffRole: null })).toBeNull();
    expect(staffRoleOf(null)).toBeNull();
  });

  test("an agent opens the inbox, conversations, saved replies and the profile, nothing else", () => {
    for (const path of [
      "/dashboard/inbox",
      "/dashboard/inbox/abc",
      "/dashboard/conversations/p/c",
      "/dashboard/saved-replies",
      "/dashboard/saved-replies/p",
      "/dashboard/profile",
    ])
      expect({ path, open: agentMayOpen(path) }).toEqual({ path, open: true });
    for (const path of [
      "/dashboard",
      "/dashboard/users",
      "/dashboard/team",
      "/dashboard/projects/p",
      "/dashboard/inboxes",
      "/dashboard/saved-replies-elsewhere",
    ])
      expect({ path, open: agentMayOpen(path) }).toEqual({ path, open: false });
  });
});
