import { useRoute } from "wouter";
import FlowFormPage from "./flow-form-page.tsx";
import ProjectCreatePage from "./project-create-page.tsx";
import ProjectListPage from "./project-list-page.tsx";
import ProjectSettingsPage from "./project-settings-page.tsx";

/**
 * The area's screens in one lazy chunk, picked by the address: each separate `import()` would put one
 * more chunk name in the entry, which the sign-in route downloads (its 100 KB budget). The screens are
 * small; together they are one download when the admin first opens the area.
 */
export default function ProjectScreens() {
  const [list] = useRoute("/dashboard/projects");
  const [create] = useRoute("/dashboard/projects/create");
  const [flow] = useRoute("/dashboard/projects/:id/flows/*");
  if (list) return <ProjectListPage />;
  if (create) return <ProjectCreatePage />;
  if (flow) return <FlowFormPage />;
  return <ProjectSettingsPage />;
}
