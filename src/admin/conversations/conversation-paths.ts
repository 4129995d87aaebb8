// The conversations inbox's addresses: one screen, the project's list with one conversation open or none.
export const conversationsPath = "/dashboard/conversations";

/** The project's inbox, no conversation open. */
export const projectInboxHref = (projectId: string) =>
  `${conversationsPath}/${encodeURIComponent(projectId)}`;

/** The project's inbox with conversation `id` open. */
export const conversationHref = (projectId: string, id: string) =>
  `${projectInboxHref(projectId)}/${encodeURIComponent(id)}`;
