import { LastProjectHome } from "../content/last-project-home.tsx";
import { botListPath } from "./bot-paths.ts";
import "./bot-styles.ts";

/** `/dashboard/bots`: opens the bots of the project looked at last (else the first). */
export default function BotHomePage() {
  return <LastProjectHome area="bots" titleId="bots-title" open={botListPath} />;
}
