import { type Infer, object, pattern, string } from "superstruct";

/**
 * `POST /api/projects/{projectId}/outbounds/{id}/shared-keys` (admin only, checklists only): the shared
 * key for one group of the checklist. Sessions that open the checklist with the same key
 * share one instance of it; the widget API takes only keys the server issued, so a visitor cannot join
 * or create another group's instance by naming it. The same name always gives the same key; the site
 * puts it on the page (`<gleap-checklist shared-key="…">`) or in a checklist step's action.
 */

/** A group name: what a site would use as a team or account id (letters, digits, `_ . : @ -`). */
export const sharedKeyNamePattern = /^[A-Za-z0-9_:@-][A-Za-z0-9_.:@-]{0,99}$/;

export const SharedKeyRequest = object({ name: pattern(string(), sharedKeyNamePattern) });
export type SharedKeyRequest = Infer<typeof SharedKeyRequest>;

export interface SharedKeyResult {
  name: string;
  sharedKey: string;
}
