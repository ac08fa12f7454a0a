/**
 * A post's address, search and social fields (issue 25), folded under one disclosure: the
 * slug of its address (its earlier addresses keep working: they redirect), and the title and
 * description search engines and social cards show when they should differ from the post's
 * own. The slug is sent only once the writer changes it (`PostValues.slug`), so a save never
 * puts back an address the server moved meanwhile.
 */
import { TextArea, TextInput } from "../../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";

/** Longest search title and description (the `posts` collection's limits). */
export const MAX_SEO_TITLE = 120;
export const MAX_SEO_DESCRIPTION = 300;

/** Props of {@link SearchFields}. */
export interface SearchFieldsProps {
  idPrefix: string;
  /** The address's path before the slug (`/post/june/`). */
  pathPrefix: string;
  /** The stored slug (`""` for a new post). */
  storedSlug: string;
  /** The slug the writer typed, undefined while untouched. */
  slug: string | undefined;
  seoTitle: string;
  seoDescription: string;
  errors: Partial<Record<"slug" | "seoTitle" | "seoDescription", string>>;
  onChange: (field: "slug" | "seoTitle" | "seoDescription", value: string) => void;
}

/** The disclosure and its three fields. */
export function SearchFields(props: SearchFieldsProps) {
  const { t } = useAppTranslation();
  const { errors, idPrefix } = props;
  const count = (text: string, max: number) =>
    t("editor:fields.characters", { count: Array.from(text).length, max });
  const open = Boolean(
    errors.slug ??
    errors.seoTitle ??
    errors.seoDescription ??
    (props.seoTitle || props.seoDescription),
  );
  return (
    <details open={open || undefined} className="rounded border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-stone-900">
        {t("editor:search.heading")}
      </summary>
      <div className="mt-4 grid gap-6">
        <TextInput
          id={`${idPrefix}-slug`}
          label={t("editor:search.slug")}
          hint={
            props.storedSlug
              ? t("editor:search.slugHint", { prefix: props.pathPrefix })
              : t("editor:search.slugHintNew", { prefix: props.pathPrefix })
          }
          error={errors.slug}
          name="slug"
          value={props.slug ?? props.storedSlug}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={120}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            props.onChange("slug", event.currentTarget.value);
          }}
        />
        <TextInput
          id={`${idPrefix}-seo-title`}
          label={t("editor:search.title")}
          hint={t("editor:search.titleHint")}
          error={errors.seoTitle}
          describedBy={`${idPrefix}-seo-title-count`}
          after={
            <p id={`${idPrefix}-seo-title-count`} className="mt-1 text-sm text-stone-600">
              {count(props.seoTitle, MAX_SEO_TITLE)}
            </p>
          }
          name="seoTitle"
          maxLength={MAX_SEO_TITLE}
          value={props.seoTitle}
          onChange={(event) => {
            props.onChange("seoTitle", event.currentTarget.value);
          }}
        />
        <TextArea
          id={`${idPrefix}-seo-description`}
          label={t("editor:search.description")}
          hint={t("editor:search.descriptionHint")}
          error={errors.seoDescription}
          describedBy={`${idPrefix}-seo-description-count`}
          after={
            <p id={`${idPrefix}-seo-description-count`} className="mt-1 text-sm text-stone-600">
              {count(props.seoDescription, MAX_SEO_DESCRIPTION)}
            </p>
          }
          name="seoDescription"
          rows={3}
          maxLength={MAX_SEO_DESCRIPTION}
          value={props.seoDescription}
          onChange={(event) => {
            props.onChange("seoDescription", event.currentTarget.value);
          }}
        />
      </div>
    </details>
  );
}
