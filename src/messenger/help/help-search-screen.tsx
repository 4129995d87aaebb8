import type { ScreenProps } from "../shell/shell-api.ts";
import { HelpCenter } from "./help-screen.tsx";
import "./help.css";

/**
 * Help search with a term (the home's search, the host's `open-helpcenter-search {term}`): the help
 * center with the term in its field and its results; the visitor refines it in place.
 */
export default function HelpSearchScreen({ screen }: ScreenProps<"help-search">) {
  return <HelpCenter initialTerm={screen.term} />;
}
