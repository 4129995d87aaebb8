import { contentListPath } from "./content-paths.ts";
import { LastProjectHome } from "./last-project-home.tsx";

/** `/dashboard/content`: opens the news of the project looked at last (else the first); says so when there is none. */
export default function ContentHomePage() {
  return (
    <LastProjectHome
      area="content"
      titleId="content-title"
      open={(projectId) => contentListPath(projectId, "news")}
    />
  );
}
