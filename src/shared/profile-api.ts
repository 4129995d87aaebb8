import { boolean, type Infer, nullable, object } from "superstruct";
import { boundedText, WebUrl } from "./payload-text.ts";

/**
 * The signed-in admin's own face towards visitors: the name and the
 * picture their replies carry in the messenger and its notifications, instead of their nickname.
 *
 *   GET /api/admin/profile           → AdminProfile
 *   PUT /api/admin/profile           ProfileUpdate → AdminProfile (audited as profile.update)
 *   PUT /api/admin/profile/availability  AvailabilityUpdate → AdminProfile (audited as
 *                                    profile.availability): round-robin assignment picks only
 *                                    available admins
 *   PUT /api/admin/profile/unread-mail  UnreadMailUpdate → AdminProfile (audited as
 *                                    profile.unreadMail): whether the unread-alert digest also
 *                                    lists conversations nobody is assigned to
 */
export interface AdminProfile {
  /** The nickname (sign-in), shown when there is no display name. */
  name: string;
  email: string | null;
  displayName: string | null;
  /** An http(s) picture, or null for the initial. */
  avatarUrl: string | null;
  /** Takes new conversations and reports when a project assigns them round-robin. */
  available: boolean;
  /**
   * Gets the unread-alert e-mail for unassigned conversations too (off unless the admin ticks it);
   * conversations assigned to them are mailed about either way.
   */
  unassignedUnreadMail: boolean;
}

export const ProfileUpdate = object({
  displayName: nullable(boundedText(1, 64)),
  avatarUrl: nullable(WebUrl),
});
export type ProfileUpdate = Infer<typeof ProfileUpdate>;

export const AvailabilityUpdate = object({ available: boolean() });
export type AvailabilityUpdate = Infer<typeof AvailabilityUpdate>;

export const UnreadMailUpdate = object({ unassigned: boolean() });
export type UnreadMailUpdate = Infer<typeof UnreadMailUpdate>;
