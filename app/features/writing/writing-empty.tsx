/**
 * What "My writing" says when a list is empty: why, for each choice (and collection), and
 * what to do next: write, see everything, or go back to the first page.
 */
import { EmptyState } from "../../components/records/empty-state.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { showsEntries, showsPosts, writingHref, type WritingQuery } from "./writing-query.ts";

/** Props of {@link WritingEmpty}. */
export interface WritingEmptyProps {
  query: WritingQuery;
  /** The chosen collection's title, `""` for none. */
  collectionTitle: string;
  /** Whether the choice lists anything (then this page is past the end). */
  outOfRange: boolean;
  canPost: boolean;
}

/** The empty list of one choice. */
export function WritingEmpty({ query, collectionTitle, outOfRange, canPost }: WritingEmptyProps) {
  const { t } = useAppTranslation();
  if (outOfRange)
    return (
      <EmptyState text={t("listings:empty.outOfRange", { page: query.page })}>
        <ButtonLink to={writingHref({ ...query, page: 1 })}>
          {t("listings:empty.firstPage")}
        </ButtonLink>
      </EmptyState>
    );
  const show = query.show;
  const inCollection =
    collectionTitle !== "" &&
    (show === "all" ||
      show === "entries" ||
      show === "private" ||
      show === "unlisted" ||
      show === "public");
  const text = inCollection
    ? t(`writing:empty.inCollection.${show}`, { collection: collectionTitle })
    : t(`writing:empty.${show}`);
  const filtered = show !== "all" || collectionTitle !== "";
  return (
    <EmptyState text={text}>
      {showsEntries(show) && (
        <ButtonLink to={paths.entryCreate()}>{t("writing:newEntry")}</ButtonLink>
      )}
      {canPost && showsPosts(show, query.collection) && (
        <ButtonLink to={paths.postCreate()} variant={showsEntries(show) ? "secondary" : "primary"}>
          {t("writing:newPost")}
        </ButtonLink>
      )}
      {filtered && (
        <ButtonLink to={paths.writing()} variant="secondary">
          {t("writing:empty.showAll")}
        </ButtonLink>
      )}
    </EmptyState>
  );
}
