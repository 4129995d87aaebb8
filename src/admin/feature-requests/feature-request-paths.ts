// The feature-request board's addresses (the spec names none). The board belongs to a widget project,
// so the project is part of the path; `/dashboard/feature-requests` opens the project looked at last.
export const featureRequestsPath = "/dashboard/feature-requests";

const segment = encodeURIComponent;

export const featureRequestBoardPath = (projectId: string) => `${featureRequestsPath}/${segment(projectId)}`;

export const featureRequestEditHref = (projectId: string, id: string) =>
  `${featureRequestBoardPath(projectId)}/${segment(id)}/edit`;
