/**
 * The post form of `/post/create` and `/post/update/{username}/{title}` (writers and admins):
 * the record-editor kit's title, Markdown text and history (`../kit/record-editor.tsx`:
 * drafts, autosave, conflicts, the error summary, the save), plus the post's own fields:
 * excerpt, cover image, status (draft or published), publication date (a future date
 * schedules the post: the API's rules show it to readers once it is due, with no job to run),
 * language, tags, and whether it is emailed to subscribers when it goes live (ADR 065). The
 * post's slug (its URL) is made by the server from the title on creation and never changes
 * afterwards, unless the autosave created it under a stand-in title: the writer's first title
 * then makes it again (ADR 047).
 */
import { useRef, useState } from "react";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import type { PostRecord } from "../../../api/records/records.ts";
import { useSession } from "../../../components/session-provider.tsx";
import {
  Checkbox,
  LocaleOptions,
  Select,
  TextArea,
  TextInput,
} from "../../../components/ui/form-controls.tsx";
import { CoverField } from "./cover-field.tsx";
import { SearchFields } from "./search-fields.tsx";
import { PreviewLink } from "./preview-link.tsx";
import { fromLocalInput, isFuture, parseApiDate, toLocalInput } from "./dates.ts";
import {
  FieldNote,
  labelClass,
  useClock,
  useTimeZone,
  type FieldProblem,
} from "../kit/editor-form.tsx";
import { MarkdownPreview } from "../../../components/records/markdown-preview.tsx";
import { RecordEditorForm, useRecordEditor } from "../kit/record-editor.tsx";
import { postTarget, postValues } from "./post-values.ts";
import { postRecordState } from "../../../components/live/live-indicator.tsx";
import { TagInput } from "../kit/tag-input.tsx";
import { CommentModeField } from "../kit/comment-mode-field.tsx";
import { files, paths } from "../../../lib/paths.ts";
import { MAX_POST_IMAGE_SIZE, usePostImages } from "./use-post-images.ts";
import { TranslationField } from "./translation-field.tsx";
import type { TranslationCandidate } from "../../../api/records/post-translations.ts";

/** Longest excerpt (the registry's `max`). */
export const MAX_EXCERPT = 500;

/** Props of {@link PostEditor}. */
export interface PostEditorProps {
  author: { id: string; username: string };
  /** The post to edit; a new one is created when absent. */
  post?: PostRecord;
  /** The language of a new post (the interface's). */
  lang: Locale;
  /** The author's posts that may be offered as its translation (issue 29). */
  translationCandidates?: readonly TranslationCandidate[];
}

/** The post form. */
export function PostEditor(props: PostEditorProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { author } = props;
  const [cover, setCover] = useState<File | null>(null);
  const [coverRemoved, setCoverRemoved] = useState(false);
  const images = usePostImages(props.post?.images ?? [], t);
  const imageInput = useRef<HTMLInputElement>(null);
  const editor = useRecordEditor({
    target: postTarget,
    author,
    loaded: props.post,
    valuesOf: (post: PostRecord | undefined) => postValues(post, props.lang),
    files: cover !== null || coverRemoved || images.pending.length > 0,
    onReloaded: () => {
      setCoverRemoved(false);
    },
  });
  const { record: post, values, set, form, editorRef } = editor;
  const addImages = (picked: File[]) => {
    images.add(picked, (markdown) => {
      editorRef.current?.insert(markdown, true);
    });
  };
  const { formId, errors, hydrated } = form;
  const now = useClock();
  const zone = useTimeZone();

  const ids = {
    title: editor.titleId,
    excerpt: `${formId}-excerpt`,
    publishedAt: `${formId}-published-at`,
    lang: `${formId}-lang`,
    translations: `${formId}-translations`,
    tags: `${formId}-tags`,
    status: `${formId}-status`,
    mail: `${formId}-mail`,
    comments: `${formId}-comments`,
  };

  function handleSubmit() {
    const upload: Record<string, unknown> = images.uploads();
    if (cover) upload.cover = cover;
    else if (coverRemoved) upload.cover = "";
    editor.save({
      body: upload,
      // Links to images added before the save point at their names until now.
      after: (saved) => images.resolve(saved, values.content),
      href: (saved) => paths.post(author.username, saved.slug),
    });
  }

  const formatDate = (value: string) => {
    const date = parseApiDate(value);
    return date
      ? new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(date)
      : "";
  };
  const scheduled = now !== null && isFuture(values.publishedAt, now);
  const publishNote =
    values.status !== "published" || now === null
      ? ""
      : scheduled
        ? t("editor:fields.scheduledFor", { date: formatDate(values.publishedAt) })
        : values.publishedAt
          ? t("editor:fields.publishedSince", { date: formatDate(values.publishedAt) })
          : t("editor:fields.publishesNow");

  const labels: Partial<Record<string, [string, string]>> = {
    title: [ids.title, t("editor:fields.title")],
    content: ["content", t("editor:markdown.label")],
    excerpt: [ids.excerpt, t("editor:fields.excerpt")],
    status: [`${ids.status}-${values.status}`, t("editor:fields.status")],
    publishedAt: [ids.publishedAt, t("editor:fields.publishedAt")],
    lang: [ids.lang, t("editor:fields.lang")],
    translations: [ids.translations, t("editor:fields.translation")],
    tags: [ids.tags, t("editor:fields.tags")],
    skipMail: [ids.mail, t("subscriptions:editor.mail")],
    comments: [ids.comments, t("comments:mode.label")],
    slug: [`${formId}-search-slug`, t("editor:search.slug")],
    seoTitle: [`${formId}-search-seo-title`, t("editor:search.title")],
    seoDescription: [`${formId}-search-seo-description`, t("editor:search.description")],
    cover: [ids.title, t("editor:cover.label")],
    images: ["content", t("editor:markdown.label")],
  };
  const problems: FieldProblem[] = Object.entries({
    ...errors,
    ...(images.error ? { images: images.error } : {}),
  }).map(([field, message]) => {
    const [target, label] = labels[field] ?? [ids.title, field];
    return { target, label, message };
  });

  const cancelTo = post ? paths.post(author.username, post.slug) : paths.blog();
  const storedCover = post?.cover && post.id ? files.cover(post, "600x315") : "";

  return (
    <RecordEditorForm
      editor={editor}
      problems={problems}
      onSubmit={handleSubmit}
      cancelTo={cancelTo}
      recordState={postRecordState(post)}
      markdown={{
        imageTemplate: true,
        onAddImages: () => imageInput.current?.click(),
        onFiles: addImages,
        describedBy: [`${formId}-images-hint`, images.error ? `${formId}-images-error` : ""]
          .filter(Boolean)
          .join(" "),
        renderPreview: (text) => (
          <MarkdownPreview
            text={images.preview(text)}
            lang={values.lang}
            localFiles={images.previews}
          />
        ),
      }}
      beforeText={
        <TextArea
          id={ids.excerpt}
          label={t("editor:fields.excerpt")}
          hint={t("editor:fields.excerptHint")}
          error={errors.excerpt}
          describedBy={`${ids.excerpt}-count`}
          after={
            <p id={`${ids.excerpt}-count`} className="mt-1 text-sm text-stone-600">
              {t("editor:fields.characters", {
                count: Array.from(values.excerpt).length,
                max: MAX_EXCERPT,
              })}
            </p>
          }
          name="excerpt"
          rows={3}
          maxLength={MAX_EXCERPT}
          value={values.excerpt}
          onChange={(event) => {
            set("excerpt", event.currentTarget.value);
          }}
        />
      }
    >
      <div>
        <p id={`${formId}-images-hint`} className="text-sm text-stone-700">
          {t("editor:images.hint", { size: MAX_POST_IMAGE_SIZE / 1024 / 1024 })}
        </p>
        {images.error && (
          <FieldNote id={`${formId}-images-error`} kind="error">
            {images.error}
          </FieldNote>
        )}
        <input
          ref={imageInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const picked = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            if (picked.length) addImages(picked);
          }}
        />
      </div>

      <CoverField
        storedUrl={storedCover}
        picked={cover}
        removed={coverRemoved}
        onPick={setCover}
        onToggleRemove={() => {
          setCoverRemoved((current) => !current);
        }}
        error={errors.cover}
      />

      <div className="grid gap-6 md:grid-cols-2">
        <fieldset aria-describedby={errors.status ? `${ids.status}-error` : undefined}>
          <legend className={labelClass}>{t("editor:fields.status")}</legend>
          <div className="mt-2 grid gap-2">
            {(["draft", "published"] as const).map((status) => {
              const id = `${ids.status}-${status}`;
              return (
                <div key={status} className="flex gap-3">
                  <input
                    id={id}
                    type="radio"
                    name="status"
                    value={status}
                    checked={values.status === status}
                    onChange={() => {
                      set("status", status);
                    }}
                    aria-describedby={`${id}-help`}
                    className="mt-1 h-4 w-4 shrink-0 accent-amber-800"
                  />
                  <div>
                    <label htmlFor={id} className="font-semibold text-stone-900">
                      {t(`editor:fields.${status}`)}
                    </label>
                    <p id={`${id}-help`} className="text-sm text-stone-700">
                      {t(`editor:fields.${status}Help`)}
                    </p>
                  </div>
                </div>
              );
            })}
          </div>
          {errors.status && (
            <FieldNote id={`${ids.status}-error`} kind="error">
              {errors.status}
            </FieldNote>
          )}
        </fieldset>

        <TextInput
          id={ids.publishedAt}
          label={t("editor:fields.publishedAt")}
          hint={
            <>
              {t("editor:fields.publishedAtHint")}
              {zone && <> {t("editor:fields.publishedAtZone", { zone })}</>}
            </>
          }
          error={errors.publishedAt}
          describedBy={`${ids.publishedAt}-state`}
          after={
            <p
              id={`${ids.publishedAt}-state`}
              aria-live="polite"
              data-testid="publish-state"
              className="mt-1 text-sm font-medium text-amber-900"
            >
              {publishNote}
            </p>
          }
          name="publishedAt"
          type="datetime-local"
          // Before hydration the server cannot know the writer's zone: UTC until then.
          value={toLocalInput(values.publishedAt, hydrated ? undefined : 0)}
          onChange={(event) => {
            set("publishedAt", fromLocalInput(event.currentTarget.value));
          }}
        />
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Select
          id={ids.lang}
          label={t("editor:fields.lang")}
          error={errors.lang}
          name="lang"
          value={values.lang}
          onChange={(event) => {
            const lang = event.currentTarget.value;
            if (isLocale(lang)) set("lang", lang);
          }}
        >
          <LocaleOptions />
        </Select>
        <TranslationField
          id={ids.translations}
          candidates={props.translationCandidates ?? []}
          postId={post?.id}
          lang={values.lang}
          value={values.translations ?? ""}
          error={errors.translations}
          onChange={(id) => {
            set("translations", id);
          }}
        />
        <TagInput
          id={ids.tags}
          name="tags"
          value={values.tags}
          onChange={(tags) => {
            set("tags", tags);
          }}
          error={errors.tags}
        />
      </div>

      <CommentModeField
        id={ids.comments}
        value={values.comments ?? ""}
        onChange={(mode) => {
          set("comments", mode);
        }}
        error={errors.comments}
      />

      {/* Readers cannot see it yet: a draft, or scheduled. */}
      {post &&
        (post.status !== "published" || (now !== null && isFuture(post.publishedAt, now))) && (
          <PreviewLink
            postId={post.id}
            username={author.username}
            slug={post.slug}
            token={post.previewToken ?? ""}
          />
        )}

      <SearchFields
        idPrefix={`${formId}-search`}
        pathPrefix={`/post/${author.username}/`}
        storedSlug={post?.slug ?? ""}
        slug={values.slug}
        seoTitle={values.seoTitle ?? ""}
        seoDescription={values.seoDescription ?? ""}
        errors={errors}
        onChange={(field, value) => {
          set(field, value);
        }}
      />

      <div>
        <Checkbox
          id={ids.mail}
          name="mailSubscribers"
          label={t("subscriptions:editor.mail")}
          checked={!values.skipMail}
          onChange={(event) => {
            set("skipMail", !event.currentTarget.checked);
          }}
          aria-describedby={`${ids.mail}-hint`}
        />
        <p id={`${ids.mail}-hint`} className="ml-8 text-sm text-stone-700">
          {t("subscriptions:editor.mailHint")}
        </p>
        {errors.skipMail && (
          <FieldNote id={`${ids.mail}-error`} kind="error">
            {errors.skipMail}
          </FieldNote>
        )}
      </div>
    </RecordEditorForm>
  );
}
