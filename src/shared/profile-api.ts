import { boolean, type Infer, nullable, object } from "superstruct";
import { boundedText, WebUrl } from "./messenger-api.ts";

/**
 * The signed-in admin's own face towards visitors (issue 24, "agents have a face"): the name and the
 * picture their replies carry in the messenger and its notifications, instead of their nickname.
 *
 *   GET /api/admin/profile           → AdminProfile
 *   PUT /api/admin/profile           ProfileUpdate → AdminProfile (audited as profile.update)
 *   PUT /api/admin/profile/availability  AvailabilityUpdate → AdminProfile (audited as
 *                                    profile.availability): round-robin assignment picks only
 *                                    available admins
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
}

export const ProfileUpdate = object({
  displayName: nullable(boundedText(1, 64)),
  avatarUrl: nullable(WebUrl),
});
export type ProfileUpdate = Infer<typeof ProfileUpdate>;

export const AvailabilityUpdate = object({ available: boolean() });
export type AvailabilityUpdate = Infer<typeof AvailabilityUpdate>;
