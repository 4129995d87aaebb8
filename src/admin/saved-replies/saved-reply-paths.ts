// The saved replies screen's addresses: one widget project's saved replies at a time.
export const savedRepliesPath = "/dashboard/saved-replies";

/** The saved replies of project `projectId`. */
export const projectSavedRepliesHref = (projectId: string) =>
  `${savedRepliesPath}/${encodeURIComponent(projectId)}`;
