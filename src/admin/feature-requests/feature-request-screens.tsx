import { useRoute } from "wouter";
import FeatureRequestBoardPage from "./feature-request-board-page.tsx";
import FeatureRequestEditPage from "./feature-request-edit-page.tsx";
import FeatureRequestHomePage from "./feature-request-home-page.tsx";

/**
 * The board's screens in one lazy chunk, picked by the address (as the projects area does): they are
 * small, and one chunk is one download when the admin first opens the board.
 */
export default function FeatureRequestScreens() {
  const [home] = useRoute("/dashboard/feature-requests");
  const [edit] = useRoute("/dashboard/feature-requests/:projectId/:id/edit");
  if (home) return <FeatureRequestHomePage />;
  if (edit) return <FeatureRequestEditPage />;
  return <FeatureRequestBoardPage />;
}
