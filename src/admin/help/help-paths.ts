// The help center's addresses (the spec names none). Help belongs to a widget project, so the project
// is part of the path, as for outbound content.
export const helpPath = "/dashboard/help";

const segment = encodeURIComponent;

export const helpCenterPath = (projectId: string) => `${helpPath}/${segment(projectId)}`;
export const collectionCreateHref = (projectId: string) => `${helpCenterPath(projectId)}/collections/create`;
export const collectionEditHref = (projectId: string, id: string) =>
  `${helpCenterPath(projectId)}/collections/${segment(id)}/edit`;
/** A new article, in `collectionId` when given (the collection's "Add article"). */
export const articleCreateHref = (projectId: string, collectionId?: string) =>
  `${helpCenterPath(projectId)}/articles/create${collectionId ? `?collection=${segment(collectionId)}` : ""}`;
export const articleEditHref = (projectId: string, id: string) =>
  `${helpCenterPath(projectId)}/articles/${segment(id)}/edit`;
