/**
 * The fields of the collection and item forms, in the interface language (entries and posts
 * have their own editor, `features/editor`).
 */
import type { AppT } from "../../lib/i18n/i18n.ts";
import type { CollectionRecord, ItemRecord } from "../../api/records/records.ts";
import type { FieldSpec } from "./record-form.tsx";

function visibilityOptions(t: AppT) {
  return (["private", "unlisted", "public"] as const).map((value) => ({
    value,
    label: t(`common:visibility.${value}`),
  }));
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
