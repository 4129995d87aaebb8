import type { ReactNode } from "react";
import { Link } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { categoryChallengesHref, categoryEditHref } from "./challenge-paths.ts";
import { categoriesApi } from "./challenges-api.ts";

/**
 * The challenge's category in full: the challenge answer names only its id and title, so the card reads
 * the category itself for its information and how many challenges share it.
 */
export function ChallengeCategoryCard({ categoryId }: { categoryId: string | null }) {
  const { t } = useT();
  const { resource, reload } = useResource(
    () => (categoryId ? categoriesApi.get(categoryId) : Promise.resolve(null)),
    categoryId ?? "none",
  );
  let body: ReactNode;
  if (resource.state === "loading") {
    body = (
      <p className="subtle-cell" role="status">
        {t("category.loading")}
      </p>
    );
  } else if (resource.state === "error") {
    body = (
      <div role="alert">
        <p className="subtle-cell">{t("challenge.category.error")}</p>
        <Button variant="secondary" size="sm" onClick={reload}>
          {t("list.retry")}
        </Button>
      </div>
    );
  } else if (!resource.data) {
    body = <p className="subtle-cell">{t("challenge.category.empty")}</p>;
  } else {
    const category = resource.data;
    body = (
      <>
        <p>
          <strong>{category.title}</strong>
        </p>
        <p className={category.information ? "pre-wrap" : "subtle-cell"}>
          {category.information || t("categories.noInformation")}
        </p>
        <div className="page-actions card-actions">
          <Link
            href={categoryChallengesHref(category.id)}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            {t("category.showChallenges", { count: category.challengeCount })}
          </Link>
          <Link
            href={categoryEditHref(category.id)}
            className={buttonClass({ variant: "tertiary", size: "sm" })}
          >
            {t("category.action.editCategory")}
          </Link>
        </div>
      </>
    );
  }
  return (
    <section className="detail-card" data-testid="challenge-category">
      <h2>{t("challenge.section.category")}</h2>
      {body}
    </section>
  );
}
