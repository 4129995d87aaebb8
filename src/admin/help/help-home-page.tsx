import { LastProjectHome } from "../content/last-project-home.tsx";
import { helpCenterPath } from "./help-paths.ts";
import "./help-styles.ts";

/** `/dashboard/help`: opens the help center of the project looked at last (else the first). */
export default function HelpHomePage() {
  return <LastProjectHome area="help" titleId="help-title" open={helpCenterPath} />;
}
