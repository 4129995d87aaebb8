import { listHref } from "../shell/list/use-list-query.ts";

// The widget projects' addresses; the list's URL state lives in the shared `useListQuery`.
export const projectsPath = "/dashboard/projects";

/** The list with its last search, sort and page, so "Go Back" from a project returns there. */
export const projectListHref = () => listHref(projectsPath);

export const projectCreatePath = `${projectsPath}/create`;

export const projectHref = (id: string) => `${projectsPath}/${encodeURIComponent(id)}`;

/** A feedback flow of the project: its edit screen, or `create` for a new one. */
export const flowHref = (projectId: string, flowId: string) =>
  `${projectHref(projectId)}/flows/${encodeURIComponent(flowId)}`;

export const flowCreateHref = (projectId: string) => `${projectHref(projectId)}/flows/create`;
