import type { ReactNode } from "react";
import type { RootSkillDetail } from "../../shared/skills-api.ts";
import { useResource } from "../api/use-resource.ts";
import { DetailStatus, type DetailTexts, detailTexts } from "../shell/detail/detail-status.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { manageSkillHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";

/**
 * What a screen under a root skill (`/dashboard/skill-tree/:rootSkill/…`) needs of that root: the root,
 * null until it is loaded; the link back to its manage screen; and meanwhile `status`, the root's
 * loading, not-found ("Skill Not Found") or error state, in the screen's own `texts` where it has them.
 */
export function useParentRootSkill(
  rootSkill: string,
  texts: Partial<DetailTexts>,
): { root: RootSkillDetail | null; back: ReactNode; status: ReactNode } {
  const { resource, reload } = useResource(() => skillsApi.get(rootSkill), rootSkill);
  const back = <BackLink href={manageSkillHref(rootSkill)} />;
  if (resource.state === "ready") return { root: resource.data, back, status: null };
  return {
    root: null,
    back,
    status: (
      <DetailStatus resource={resource} texts={detailTexts("skill", texts)} back={back} onRetry={reload} />
    ),
  };
}
