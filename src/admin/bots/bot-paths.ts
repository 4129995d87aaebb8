// The bot screens' addresses (the spec names none); a bot belongs to a widget project.
export const botsPath = "/dashboard/bots";

const segment = encodeURIComponent;

export const botListPath = (projectId: string) => `${botsPath}/${segment(projectId)}`;
export const botCreateHref = (projectId: string) => `${botListPath(projectId)}/create`;
export const botEditHref = (projectId: string, id: string) => `${botListPath(projectId)}/${segment(id)}/edit`;
