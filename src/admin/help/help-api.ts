import type {
  AdminHelpArticle,
  AdminHelpCollection,
  HelpArticleWrite,
  HelpCollectionWrite,
  HelpLanguage,
  HelpSearchPreview,
} from "../../shared/help-center-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";

const segment = encodeURIComponent;
const helpBase = (projectId: string) => `/api/projects/${segment(projectId)}/help`;

// A help center is small (a few dozen articles): the screens read every row at once, in order.
const everything = "page=1&pageSize=100&sort=position";

/** The help center's calls (src/shared/help-center-api.ts documents the routes). */
export const helpApi = {
  collections: (projectId: string) =>
    api<ListPage<AdminHelpCollection>>(`${helpBase(projectId)}/collections?${everything}`),
  collection: (projectId: string, id: string) =>
    api<AdminHelpCollection>(`${helpBase(projectId)}/collections/${segment(id)}`),
  saveCollection: (projectId: string, id: string | null, body: HelpCollectionWrite) =>
    id === null
      ? api<AdminHelpCollection>(`${helpBase(projectId)}/collections`, { method: "POST", body })
      : api<AdminHelpCollection>(`${helpBase(projectId)}/collections/${segment(id)}`, {
          method: "PUT",
          body,
        }),
  /** With `force`, the collection's articles go too (the dialog said so). */
  removeCollection: (projectId: string, id: string) =>
    api<void>(`${helpBase(projectId)}/collections/${segment(id)}?force=true`, { method: "DELETE" }),
  articles: (projectId: string) =>
    api<ListPage<AdminHelpArticle>>(`${helpBase(projectId)}/articles?${everything}`),
  article: (projectId: string, id: string) =>
    api<AdminHelpArticle>(`${helpBase(projectId)}/articles/${segment(id)}`),
  saveArticle: (projectId: string, id: string | null, body: HelpArticleWrite) =>
    id === null
      ? api<AdminHelpArticle>(`${helpBase(projectId)}/articles`, { method: "POST", body })
      : api<AdminHelpArticle>(`${helpBase(projectId)}/articles/${segment(id)}`, { method: "PUT", body }),
  removeArticle: (projectId: string, id: string) =>
    api<void>(`${helpBase(projectId)}/articles/${segment(id)}`, { method: "DELETE" }),
  searchPreview: (projectId: string, query: string, language: HelpLanguage, drafts: boolean) =>
    api<HelpSearchPreview>(
      `${helpBase(projectId)}/search-preview?${new URLSearchParams({ q: query, lang: language, drafts: String(drafts) })}`,
    ),
};
