import { projectSavedRepliesHref } from "./saved-reply-paths.ts";

/** A project as the screen's picker offers it. */
export interface PickableProject {
  id: string;
  name: string;
}

export type SavedRepliesScreen<P extends PickableProject> =
  | { kind: "loading" }
  /** No project in the address: the first one's replies, by this address. */
  | { kind: "redirect"; to: string }
  /** The signed-in person sees no project at all (an agent who is a member of none, a new install). */
  | { kind: "no-projects" }
  /** The address names a project that is not among those the person sees (deleted, or not theirs). */
  | { kind: "unknown-project" }
  | { kind: "project"; project: P; projects: readonly P[] };

/**
 * What the saved replies screen shows for the address's `projectId`, given the projects the server
 * lists to the signed-in person (null while they load). The server lists an agent only their member
 * projects, so the picker never offers one whose replies it would refuse.
 */
export function savedRepliesScreen<P extends PickableProject>(
  projects: readonly P[] | null,
  projectId: string | undefined,
): SavedRepliesScreen<P> {
  if (projects === null) return { kind: "loading" };
  const first = projects[0];
  if (!first) return { kind: "no-projects" };
  if (!projectId) return { kind: "redirect", to: projectSavedRepliesHref(first.id) };
  const project = projects.find((item) => item.id === projectId);
  return project ? { kind: "project", project, projects } : { kind: "unknown-project" };
}
