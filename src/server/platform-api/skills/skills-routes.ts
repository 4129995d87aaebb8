import {
  RootSkillCreate,
  RootSkillUpdate,
  SkillTreeGrid,
  SubSkillWrite,
  skillTreeErrors,
} from "../../../shared/skills-api.ts";
import {
  createRootSkill,
  createSubSkill,
  deleteRootSkill,
  deleteSubSkill,
  findRootSkill,
  findSubSkill,
  listSubSkills,
  readGrid,
  readSkillTree,
  SkillRefusal,
  updateGrid,
  updateRootSkill,
  updateSubSkill,
} from "../../domain/skills/skills-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { readListQuery } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { type AdminHandler, adminRoute, json, jsonError, readBody } from "../platform-request.ts";

const subSkillSortable = {
  // Row-major order, as the grid reads; a sub grid is at most 12 wide, so row * 100 never collides.
  position: "(grid_row * 100 + grid_column)",
  name: "lower(name)",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

/**
 * The skill tree (`/dashboard/skill-tree…`): the root grid and its size, root skills, and each root's
 * sub-skills. Admins only; every write runs in one transaction with its audit entry.
 */
export function skillsRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  /** An admin route whose refusals from the repository become `{ error, field? }` answers. */
  const route = (method: ApiRoute["method"], pattern: string, handler: AdminHandler): ApiRoute =>
    adminRoute(guard, method, pattern, async (request, params, admin) => {
      try {
        return await handler(request, params, admin);
      } catch (error) {
        if (error instanceof SkillRefusal) return jsonError(error.status, error.message, error.field);
        throw error;
      }
    });

  const notFound = () => jsonError(404, skillTreeErrors.notFound);

  return [
    route("GET", "/api/skills", async () => json(await readSkillTree(sql))),
    route("POST", "/api/skills", async (request, _params, admin) => {
      const body = await readBody(request, RootSkillCreate);
      if (!body.ok) return body.response;
      return json(await createRootSkill(sql, body.value, admin.user.id), { status: 201 });
    }),
    // Before `/api/skills/:rootSkill`, which would match it too; `settings` is a reserved skill id.
    route("GET", "/api/skills/settings", async () => json(await readGrid(sql))),
    route("PUT", "/api/skills/settings", async (request, _params, admin) => {
      const body = await readBody(request, SkillTreeGrid);
      if (!body.ok) return body.response;
      return json(await updateGrid(sql, body.value, admin.user.id));
    }),
    route("GET", "/api/skills/:rootSkill", async (_request, params) => {
      const skill = await findRootSkill(sql, params.rootSkill ?? "");
      return skill ? json(skill) : notFound();
    }),
    route("PUT", "/api/skills/:rootSkill", async (request, params, admin) => {
      const body = await readBody(request, RootSkillUpdate);
      if (!body.ok) return body.response;
      return json(await updateRootSkill(sql, params.rootSkill ?? "", body.value, admin.user.id));
    }),
    route("DELETE", "/api/skills/:rootSkill", async (_request, params, admin) => {
      await deleteRootSkill(sql, params.rootSkill ?? "", admin.user.id);
      return new Response(null, { status: 204 });
    }),
    route("GET", "/api/skills/:rootSkill/sub-skills", async (request, params) => {
      const query = readListQuery(new URL(request.url), subSkillSortable, "position");
      if (query instanceof Response) return query;
      const page = await listSubSkills(sql, params.rootSkill ?? "", query);
      if (!page) return notFound();
      return json({ ...page, page: query.page, pageSize: query.pageSize });
    }),
    route("POST", "/api/skills/:rootSkill/sub-skills", async (request, params, admin) => {
      const body = await readBody(request, SubSkillWrite);
      if (!body.ok) return body.response;
      return json(await createSubSkill(sql, params.rootSkill ?? "", body.value, admin.user.id), {
        status: 201,
      });
    }),
    route("GET", "/api/skills/:rootSkill/sub-skills/:subSkill", async (_request, params) => {
      const skill = await findSubSkill(sql, params.rootSkill ?? "", params.subSkill ?? "");
      return skill ? json(skill) : notFound();
    }),
    route("PUT", "/api/skills/:rootSkill/sub-skills/:subSkill", async (request, params, admin) => {
      const body = await readBody(request, SubSkillWrite);
      if (!body.ok) return body.response;
      const skill = await updateSubSkill(
        sql,
        params.rootSkill ?? "",
        params.subSkill ?? "",
        body.value,
        admin.user.id,
      );
      return json(skill);
    }),
    route("DELETE", "/api/skills/:rootSkill/sub-skills/:subSkill", async (_request, params, admin) => {
      await deleteSubSkill(sql, params.rootSkill ?? "", params.subSkill ?? "", admin.user.id);
      return new Response(null, { status: 204 });
    }),
  ];
}
