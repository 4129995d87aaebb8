import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

const challengeList = lazyPage(() => import("./challenge-list-page.tsx"));
const challengeForm = lazyPage(() => import("./challenge-form-page.tsx"));
const challengeDetail = lazyPage(() => import("./challenge-detail-page.tsx"));
const categoryList = lazyPage(() => import("./category-list-page.tsx"));
const categoryForm = lazyPage(() => import("./category-form-page.tsx"));

/** The challenges screens under /dashboard; fixed paths ("create") come before parameters (":id"). */
export const challengeRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/challenges", page: challengeList },
  { path: "/dashboard/challenges/create", page: challengeForm },
  { path: "/dashboard/challenges/:id/edit", page: challengeForm },
  { path: "/dashboard/challenges/:id", page: challengeDetail },
  { path: "/dashboard/challenge-categories", page: categoryList },
  { path: "/dashboard/challenge-categories/create", page: categoryForm },
  { path: "/dashboard/challenge-categories/:id/edit", page: categoryForm },
];
