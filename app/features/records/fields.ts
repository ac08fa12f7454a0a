/** The fields of the entry, post, collection and item forms, in the interface language. */
import type { AppT } from "../../lib/i18n.ts";
import type { CollectionRecord, EntryRecord, ItemRecord, PostRecord } from "../../lib/records.ts";
import type { FieldSpec } from "./record-form.tsx";

function visibilityOptions(t: AppT) {
  return (["private", "unlisted", "public"] as const).map((value) => ({
    value,
    label: t(`common:visibility.${value}`),
  }));
}

/** Fields of an entry; `collections` are the author's own. */
export function entryFields(
  t: AppT,
  collections: Pick<CollectionRecord, "id" | "title">[],
  entry?: EntryRecord,
): FieldSpec[] {
  return [
    {
      name: "title",
      label: t("records:form.title"),
      kind: "text",
      required: true,
      value: entry?.title,
    },
    {
      name: "name",
      label: t("records:form.name"),
      hint: t("records:form.nameHint"),
      kind: "text",
      value: entry?.name,
    },
    {
      name: "date",
      label: t("records:form.date"),
      kind: "date",
      value: entry?.date ?? new Date().toISOString().slice(0, 10),
    },
    {
      name: "content",
      label: t("records:form.content"),
      hint: t("records:form.contentHint"),
      kind: "textarea",
      value: entry?.content,
    },
    {
      name: "visibility",
      label: t("common:visibility.label"),
      kind: "select",
      options: visibilityOptions(t),
      value: entry?.visibility ?? "private",
    },
    {
      name: "collection",
      label: t("records:form.collection"),
      kind: "select",
      options: [
        { value: "", label: t("records:form.noCollection") },
        ...collections.map((c) => ({ value: c.id, label: c.title })),
      ],
      value: entry?.collection ?? "",
    },
    {
      name: "tags",
      label: t("records:form.tags"),
      hint: t("records:form.tagsHint"),
      kind: "tags",
      value: entry?.tags,
    },
  ];
}

/** Fields of a post. */
export function postFields(t: AppT, post?: PostRecord): FieldSpec[] {
  return [
    {
      name: "title",
      label: t("records:form.title"),
      kind: "text",
      required: true,
      value: post?.title,
    },
    {
      name: "slug",
      label: t("records:form.name"),
      hint: t("records:form.nameHint"),
      kind: "text",
      value: post?.slug,
    },
    { name: "excerpt", label: t("records:form.excerpt"), kind: "textarea", value: post?.excerpt },
    {
      name: "content",
      label: t("records:form.content"),
      hint: t("records:form.contentHint"),
      kind: "textarea",
      value: post?.content,
    },
    {
      name: "status",
      label: t("records:form.status"),
      kind: "select",
      options: [
        { value: "draft", label: t("records:post.draft") },
        { value: "published", label: t("records:post.published") },
      ],
      value: post?.status ?? "draft",
    },
    {
      name: "publishedAt",
      label: t("records:form.publishedAt"),
      kind: "datetime",
      value: post?.publishedAt,
    },
    {
      name: "tags",
      label: t("records:form.tags"),
      hint: t("records:form.tagsHint"),
      kind: "tags",
      value: post?.tags,
    },
  ];
}

/** Fields of a collection. */
export function collectionFields(t: AppT, collection?: CollectionRecord): FieldSpec[] {
  return [
    {
      name: "title",
      label: t("records:form.title"),
      kind: "text",
      required: true,
      value: collection?.title,
    },
    {
      name: "name",
      label: t("records:form.name"),
      hint: t("records:form.nameHint"),
      kind: "text",
      value: collection?.name,
    },
    {
      name: "description",
      label: t("records:form.description"),
      kind: "textarea",
      value: collection?.description,
    },
    {
      name: "visibility",
      label: t("common:visibility.label"),
      kind: "select",
      options: visibilityOptions(t),
      value: collection?.visibility ?? "private",
    },
  ];
}

/** Fields of an item. */
export function itemFields(t: AppT, item?: ItemRecord): FieldSpec[] {
  return [
    {
      name: "code",
      label: t("records:items.code"),
      kind: "text",
      required: true,
      value: item?.code,
    },
    {
      name: "name",
      label: t("records:items.name"),
      kind: "text",
      required: true,
      value: item?.name,
    },
    {
      name: "description",
      label: t("records:form.description"),
      kind: "textarea",
      value: item?.description,
    },
    {
      name: "status",
      label: t("records:items.status"),
      kind: "select",
      options: [
        { value: "active", label: t("records:items.active") },
        { value: "archived", label: t("records:items.archived") },
      ],
      value: item?.status ?? "active",
    },
    {
      name: "tags",
      label: t("records:form.tags"),
      hint: t("records:form.tagsHint"),
      kind: "tags",
      value: item?.tags,
    },
    { name: "data", label: t("records:items.data"), kind: "json", value: item?.data ?? "" },
  ];
}
