import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

const collectionForm = lazyPage(() => import("./collection-form-page.tsx"));
const articleEditor = lazyPage(() => import("./article-editor-page.tsx"));

/** The help center screens under /dashboard/help; "create" comes before ":id". */
export const helpRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/help", page: lazyPage(() => import("./help-home-page.tsx")) },
  { path: "/dashboard/help/:projectId", page: lazyPage(() => import("./help-center-page.tsx")) },
  { path: "/dashboard/help/:projectId/collections/create", page: collectionForm },
  { path: "/dashboard/help/:projectId/collections/:id/edit", page: collectionForm },
  { path: "/dashboard/help/:projectId/articles/create", page: articleEditor },
  { path: "/dashboard/help/:projectId/articles/:id/edit", page: articleEditor },
];
