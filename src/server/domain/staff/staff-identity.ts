import type { SQL } from "bun";
import type { AdminProfile, ProfileUpdate } from "../../../shared/profile-api.ts";

interface ProfileRow {
  name: string;
  email: string | null;
  display_name: string | null;
  avatar_url: string | null;
  available: boolean | number | null;
  unassigned_unread_mail: boolean | number | null;
}

/** The admin's profile (src/shared/profile-api.ts), or null when the user is gone. */
export async function findProfile(sql: SQL, userId: string): Promise<AdminProfile | null> {
  const [row] = await sql`SELECT name, email, display_name, avatar_url, available, unassigned_unread_mail
      FROM users WHERE id = ${userId}`;
  const found = row as ProfileRow | undefined;
  if (!found) return null;
  return {
    name: found.name,
    email: found.email,
    displayName: found.display_name?.trim() || null,
    avatarUrl: found.avatar_url || null,
    available: Boolean(found.available),
    unassignedUnreadMail: Boolean(found.unassigned_unread_mail),
  };
}

export async function updateProfile(sql: SQL, userId: string, change: ProfileUpdate): Promise<void> {
  await sql`UPDATE users SET display_name = ${change.displayName?.trim() || null},
    avatar_url = ${change.avatarUrl} WHERE id = ${userId}`;
}

export async function updateAvailability(sql: SQL, userId: string, available: boolean): Promise<void> {
  await sql`UPDATE users SET available = ${available} WHERE id = ${userId}`;
}

export async function updateUnreadMail(sql: SQL, userId: string, unassigned: boolean): Promise<void> {
  await sql`UPDATE users SET unassigned_unread_mail = ${unassigned} WHERE id = ${userId}`;
}

/** Who a staff message is from, as visitors see it: the display name (else the nickname) and picture. */
export interface StaffIdentity {
  name: string;
  avatarUrl: string | null;
}

export async function staffIdentity(sql: SQL, user: { id: string; name: string }): Promise<StaffIdentity> {
  const profile = await findProfile(sql, user.id);
  return { name: profile?.displayName || profile?.name || user.name, avatarUrl: profile?.avatarUrl ?? null };
}
