import type { ContentKind } from "./content-kinds.ts";

// The outbound content screens' addresses (the spec names none). Content belongs to a widget project,
// so the project is part of the path: a link names exactly what it shows, whichever project the admin
// looked at last. `/dashboard/content` itself opens the first project's news.
export const contentPath = "/dashboard/content";

const segment = encodeURIComponent;

export const contentListPath = (projectId: string, kind: ContentKind) =>
  `${contentPath}/${segment(projectId)}/${kind}`;
export const contentCreateHref = (projectId: string, kind: ContentKind) =>
  `${contentListPath(projectId, kind)}/create`;
export const contentEditHref = (projectId: string, kind: ContentKind, id: string) =>
  `${contentListPath(projectId, kind)}/${segment(id)}/edit`;
export const surveyResultsHref = (projectId: string, id: string) =>
  `${contentListPath(projectId, "surveys")}/${segment(id)}/results`;
