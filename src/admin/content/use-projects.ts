import type { AdminProject } from "../../shared/projects-api.ts";
import { type Resource, useResource } from "../api/use-resource.ts";
import { contentApi } from "./content-api.ts";

// The projects hardly change while the admin works: one request per page load, shared by the screens.
let projects: Promise<AdminProject[]> | null = null;

function loadProjects(): Promise<AdminProject[]> {
  projects ??= contentApi.projects().then(
    (page) => page.items,
    (failure: unknown) => {
      projects = null;
      throw failure;
    },
  );
  return projects;
}

/** The widget projects (demo first is the API's order: oldest first). */
export function useProjects(): { resource: Resource<AdminProject[]>; reload: () => void } {
  const { resource, reload } = useResource(loadProjects, "projects");
  return { resource, reload };
}
