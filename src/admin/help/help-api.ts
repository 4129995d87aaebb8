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

/** The calls on one kind of the help center's records: every one in order, one, and a save. */
function helpRecords<R, W extends object>(kind: "collections" | "articles") {
  const base = (projectId: string) => `${helpBase(projectId)}/${kind}`;
  return {
    list: (projectId: string) => api<ListPage<R>>(`${base(projectId)}?${everything}`),
    get: (projectId: string, id: string) => api<R>(`${base(projectId)}/${segment(id)}`),
    /** Creates the record (`id` null) or replaces it. */
    save: (projectId: string, id: string | null, body: W) =>
      id === null
        ? api<R>(base(projectId), { method: "POST", body })
        : api<R>(`${base(projectId)}/${segment(id)}`, { method: "PUT", body }),
  };
}

const collections = helpRecords<AdminHelpCollection, HelpCollectionWrite>("collections");
const articles = helpRecords<AdminHelpArticle, HelpArticleWrite>("articles");

/** The help center's calls (src/shared/help-center-api.ts documents the routes). */
export const helpApi = {
  collections: collections.list,
  collection: collections.get,
  saveCollection: collections.save,
  /** With `force`, the collection's articles go too (the dialog said so). */
  removeCollection: (projectId: string, id: string) =>
    api<void>(`${helpBase(projectId)}/collections/${segment(id)}?force=true`, { method: "DELETE" }),
  articles: articles.list,
  article: articles.get,
  saveArticle: articles.save,
  removeArticle: (projectId: string, id: string) =>
    api<void>(`${helpBase(projectId)}/articles/${segment(id)}`, { method: "DELETE" }),
  searchPreview: (projectId: string, query: string, language: HelpLanguage, drafts: boolean) =>
    api<HelpSearchPreview>(
      `${helpBase(projectId)}/search-preview?${new URLSearchParams({ q: query, lang: language, drafts: String(drafts) })}`,
    ),
};
