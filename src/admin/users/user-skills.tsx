import type { UserDetail } from "../../shared/users-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { DetailCard } from "../shell/detail/detail-card.tsx";

/** XP per root skill with its sub-skills, each with level and level name. */
export function UserSkills({ skills }: { skills: UserDetail["skills"] }) {
  const { t } = useT();
  const format = useFormatters();
  const level = (item: { level: number; levelName: UserDetail["levelName"] }) =>
    t("user.skills.level", { level: item.level, name: t(`level.${item.levelName}`) });
  return (
    <DetailCard name="user.skills" isEmpty={skills.rootSkills.length === 0}>
      <ul className="skill-list">
        {skills.rootSkills.map((root) => (
          <li key={root.id}>
            <div className="skill-line">
              <strong>{root.name}</strong>
              <span>
                {format.abbreviate(root.xp)} XP · {level(root)}
              </span>
            </div>
            <ul className="sub-skill-list">
              {root.subSkills.map((sub) => (
                <li key={sub.id} className="skill-line">
                  <span>{sub.name}</span>
                  <span className="subtle-cell">
                    {format.abbreviate(sub.xp)} XP · {level(sub)}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
