import { LastProjectHome } from "../content/last-project-home.tsx";
import { featureRequestBoardPath } from "./feature-request-paths.ts";

/** `/dashboard/feature-requests`: opens the board of the project looked at last (else the first). */
export default function FeatureRequestHomePage() {
  return (
    <LastProjectHome area="featureRequests" titleId="feature-requests-title" open={featureRequestBoardPath} />
  );
}
