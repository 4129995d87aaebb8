import { Link, useLocation } from "wouter";
import type { ChallengeDetail } from "../../shared/challenges-api.ts";
import { useT } from "../i18n/intl.ts";
import { DetailCard } from "../shell/detail/detail-card.tsx";
import { FieldList, recordFields } from "../shell/detail/field-list.tsx";
import { RecordActions } from "../shell/detail/record-actions.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { useRouteRecord } from "../shell/detail/use-route-record.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { confirmDelete } from "../shell/overlay/confirm-delete.ts";
import { ChallengeCategoryCard } from "./challenge-category-card.tsx";
import { ChallengeStatusBadge } from "./challenge-labels.tsx";
import { categoryChallengesHref, challengeEditHref, challengesPath } from "./challenge-paths.ts";
import { ChallengeTasks } from "./challenge-tasks.tsx";
import { challengesApi } from "./challenges-api.ts";
import "./challenge-styles.ts";

function ChallengeActions({ challenge }: { challenge: ChallengeDetail }) {
  const tr = useT();
  const [, navigate] = useLocation();
  const remove = () =>
    confirmDelete(tr, {
      messages: "challenge",
      values: { title: challenge.title, count: challenge.taskCount },
      remove: () => challengesApi.remove(challenge.id),
      onDeleted: () => navigate(listHref(challengesPath)),
    });
  return <RecordActions messages="challenge" editHref={challengeEditHref(challenge.id)} onDelete={remove} />;
}

function ChallengeFields({ challenge }: { challenge: ChallengeDetail }) {
  const { t, formatNumber } = useT();
  return (
    <>
      <div className="detail-grid">
        <FieldList
          title="challenge.section.overview"
          fields={recordFields("challenge", challenge, [
            { label: "challenge.field.title", value: challenge.title },
            {
              label: "challenge.field.category",
              value: challenge.category ? (
                <Link href={categoryChallengesHref(challenge.category.id)} className="table-link">
                  {challenge.category.title}
                </Link>
              ) : (
                <span className="subtle-cell">{t("challenge.noCategory")}</span>
              ),
            },
            {
              label: "challenge.field.difficulty",
              value: t(`challenge.difficulty.${challenge.difficulty}`),
            },
            { label: "challenge.field.status", value: <ChallengeStatusBadge status={challenge.status} /> },
            {
              label: "challenge.field.creator",
              value: challenge.creator ? (
                <Link
                  href={`/dashboard/users/${encodeURIComponent(challenge.creator.id)}`}
                  className="table-link"
                >
                  {challenge.creator.name}
                </Link>
              ) : (
                <span className="subtle-cell">{t("challenge.noCreator")}</span>
              ),
            },
            { label: "challenge.field.taskCount", value: formatNumber(challenge.taskCount) },
          ])}
        />
        <ChallengeCategoryCard categoryId={challenge.categoryId} />
      </div>
      <div className="detail-grid">
        <DetailCard
          name="challenge.description"
          testId="challenge-description"
          isEmpty={!challenge.description}
        >
          <p className="pre-wrap">{challenge.description}</p>
        </DetailCard>
        <DetailCard name="challenge.skills" testId="challenge-skills" isEmpty={challenge.skills.length === 0}>
          <ul className="skill-list">
            {challenge.skills.map((skill) => (
              <li key={skill.subSkillId} className="skill-line">
                <span>{skill.name}</span>
                <span className="subtle-cell">{skill.rootSkillId}</span>
              </li>
            ))}
          </ul>
        </DetailCard>
      </div>
      <ChallengeTasks tasks={challenge.tasks} />
    </>
  );
}

/** `/dashboard/challenges/:id` (spec §2 Challenge detail): every field, its category and tasks; edit and delete. */
export default function ChallengeDetailPage() {
  const load = useRouteRecord(challengesApi.get);
  return (
    <RecordScreen
      kind="challenge"
      load={load}
      back={listHref(challengesPath)}
      name={(challenge) => challenge.title}
      actions={(challenge) => <ChallengeActions challenge={challenge} />}
    >
      {(challenge) => <ChallengeFields challenge={challenge} />}
    </RecordScreen>
  );
}
