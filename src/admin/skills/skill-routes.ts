import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

const rootSkillForm = lazyPage(() => import("./root-skill-form-page.tsx"));

/** The skills screens under /dashboard; fixed paths ("create") come before parameters (":id"). */
export const skillRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/skill-tree", page: lazyPage(() => import("./skill-list-page.tsx")) },
  // "create" before ":rootSkill", so it is not read as a root skill id.
  { path: "/dashboard/skill-tree/create", page: rootSkillForm },
  {
    path: "/dashboard/skill-tree/:rootSkill/manage",
    page: lazyPage(() => import("./skill-manage-page.tsx")),
  },
  { path: "/dashboard/skill-tree/:rootSkill/edit", page: rootSkillForm },
  {
    path: "/dashboard/skill-tree/:rootSkill/sub-skills",
    page: lazyPage(() => import("./sub-skill-list-page.tsx")),
  },
  {
    path: "/dashboard/skill-tree/:rootSkill/edit/:subSkill",
    page: lazyPage(() => import("./sub-skill-edit-page.tsx")),
  },
];
