import { Link, useLocation, useParams } from "wouter";
import type { ChallengeDetail } from "../../shared/challenges-api.ts";
import { useResource } from "../api/use-resource.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { detailTexts } from "../shell/detail/detail-status.tsx";
import { FieldList } from "../shell/detail/field-list.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { ChallengeCategoryCard } from "./challenge-category-card.tsx";
import { ChallengeStatusBadge } from "./challenge-labels.tsx";
import { categoryChallengesHref, challengeEditHref, challengesPath } from "./challenge-paths.ts";
import { ChallengeTasks } from "./challenge-tasks.tsx";
import { challengesApi } from "./challenges-api.ts";
import "./challenge-styles.ts";

function ChallengeActions({ challenge }: { challenge: ChallengeDetail }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("challenge.confirm.deleteTitle", { title: challenge.title }),
      body: t("challenge.confirm.deleteBody", { count: challenge.taskCount }),
      confirmLabel: t("challenge.action.delete"),
      onConfirm: async () => {
        const deleted = await runAction(() => challengesApi.remove(challenge.id), "challenge.deleted");
        if (deleted.ok) navigate(listHref(challengesPath));
      },
    });
  return (
    <div className="page-actions">
      <Link href={challengeEditHref(challenge.id)} className={buttonClass({ variant: "primary" })}>
        {t("challenge.action.edit")}
      </Link>
      <Button variant="secondary" className="button-danger" onClick={remove}>
        {t("challenge.action.delete")}
      </Button>
    </div>
  );
}

function ChallengeFields({ challenge }: { challenge: ChallengeDetail }) {
  const { t, formatNumber } = useT();
  return (
    <>
      <div className="detail-grid">
        <FieldList
          title="challenge.section.overview"
          fields={[
            { label: "challenge.field.id", value: <code>{challenge.id}</code> },
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
            { label: "challenge.field.createdAt", value: <DateTimeAgo value={challenge.createdAt} /> },
            { label: "challenge.field.updatedAt", value: <DateTimeAgo value={challenge.updatedAt} /> },
          ]}
        />
        <ChallengeCategoryCard categoryId={challenge.categoryId} />
      </div>
      <div className="detail-grid">
        <section className="detail-card" data-testid="challenge-description">
          <h2>{t("challenge.section.description")}</h2>
          {challenge.description ? (
            <p className="pre-wrap">{challenge.description}</p>
          ) : (
            <p className="subtle-cell">{t("challenge.description.empty")}</p>
          )}
        </section>
        <section className="detail-card" data-testid="challenge-skills">
          <h2>{t("challenge.section.skills")}</h2>
          {challenge.skills.length ? (
            <ul className="skill-list">
              {challenge.skills.map((skill) => (
                <li key={skill.subSkillId} className="skill-line">
                  <span>{skill.name}</span>
                  <span className="subtle-cell">{skill.rootSkillId}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="subtle-cell">{t("challenge.skills.empty")}</p>
          )}
        </section>
      </div>
      <ChallengeTasks tasks={challenge.tasks} />
    </>
  );
}

/** `/dashboard/challenges/:id` (spec §2 Challenge detail): every field, its category and tasks; edit and delete. */
export default function ChallengeDetailPage() {
  const { t } = useT();
  const { id = "" } = useParams<{ id: string }>();
  const { resource, reload } = useResource(() => challengesApi.get(id), id);
  return (
    <RecordScreen
      resource={resource}
      texts={detailTexts("challenge")}
      onRetry={reload}
      back={listHref(challengesPath)}
      titleId="challenge-title"
      screen={t("challenge.title")}
      name={(challenge) => challenge.title}
      actions={(challenge) => <ChallengeActions challenge={challenge} />}
    >
      {(challenge) => <ChallengeFields challenge={challenge} />}
    </RecordScreen>
  );
}
