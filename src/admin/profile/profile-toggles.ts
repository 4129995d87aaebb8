import { profileApi } from "./profile-api.ts";
import type { ProfileToggle } from "./profile-toggle-card.tsx";

/**
 * Whether this admin takes new work: projects that assign new conversations and reports round-robin
 * give them only to available admins.
 */
export const availabilityToggle: ProfileToggle = {
  name: "available",
  title: "profile.availability",
  label: "profile.available",
  hint: "profile.availableHint",
  savedOn: "profile.availableOn",
  savedOff: "profile.availableOff",
  value: (profile) => profile.available,
  save: (on) => profileApi.setAvailability(on),
};

/**
 * Whether this admin gets the unread-alert e-mail for conversations nobody is assigned to. Those
 * assigned to them are mailed about either way; unassigned ones only to admins who tick this, so a
 * flood of conversations does not mail the whole team.
 */
export const unreadMailToggle: ProfileToggle = {
  name: "unread-mail",
  title: "profile.unreadMail",
  label: "profile.unreadMailUnassigned",
  hint: "profile.unreadMailHint",
  savedOn: "profile.unreadMailOn",
  savedOff: "profile.unreadMailOff",
  value: (profile) => profile.unassignedUnreadMail,
  save: (on) => profileApi.setUnreadMail(on),
};
