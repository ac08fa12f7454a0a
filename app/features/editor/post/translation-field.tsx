/**
 * The post editor's translation (issue 29 item 4): another of the writer's posts, in the
 * other language, that readers are offered as this one in their language. Only posts in
 * another language than the form's, and not linked to a third post, are offered; the server
 * links the chosen one back and checks the same.
 */
import { Select } from "../../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import type { TranslationCandidate } from "../../../api/records/post-translations.ts";

/** The posts that can be the translation of post `id` (absent: a new post) in `lang`. */
export function offeredTranslations(
  candidates: readonly TranslationCandidate[],
  id: string | undefined,
  lang: string,
  current: string,
): TranslationCandidate[] {
  return candidates.filter(
    (post) =>
      post.id === current ||
      (post.id !== id && post.lang !== lang && (!post.translations || post.translations === id)),
  );
}

/** The choice of a post's translation; nothing when the writer has no post to offer. */
export function TranslationField(props: {
  id: string;
  candidates: readonly TranslationCandidate[];
  postId: string | undefined;
  lang: string;
  value: string;
  error?: string | undefined;
  onChange: (id: string) => void;
}) {
  const { t } = useAppTranslation();
  const offered = offeredTranslations(props.candidates, props.postId, props.lang, props.value);
  if (offered.length === 0 && !props.value) return null;
  return (
    <Select
      id={props.id}
      name="translations"
      label={t("editor:fields.translation")}
      hint={t("editor:fields.translationHint")}
      error={props.error}
      value={props.value}
      onChange={(event) => {
        props.onChange(event.currentTarget.value);
      }}
    >
      <option value="">{t("editor:fields.translationNone")}</option>
      {offered.map((post) => (
        <option key={post.id} value={post.id} lang={post.lang}>
          {post.title}
        </option>
      ))}
    </Select>
  );
}
