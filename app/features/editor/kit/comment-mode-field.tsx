/**
 * The comment mode of a post or entry (ADR 065): "Comments: site default / open / members
 * only / closed", a labelled select whose empty value follows the site's setting.
 */
import { COMMENT_MODES } from "#shared/records/comment-mode.ts";
import { Select } from "../../../components/ui/form-controls.tsx";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { isCommentModeValue, type CommentModeValue } from "./comment-mode.ts";

/** The select of a record's comment mode. */
export function CommentModeField(props: {
  id: string;
  value: CommentModeValue;
  onChange: (value: CommentModeValue) => void;
  error?: string | undefined;
}) {
  const { t } = useAppTranslation();
  return (
    <Select
      id={props.id}
      name="comments"
      label={t("comments:mode.label")}
      hint={t("comments:mode.hint")}
      error={props.error}
      value={props.value}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isCommentModeValue(value)) props.onChange(value);
      }}
    >
      <option value="">{t("comments:mode.default")}</option>
      {COMMENT_MODES.map((mode) => (
        <option key={mode} value={mode}>
          {t(`comments:mode.${mode}`)}
        </option>
      ))}
    </Select>
  );
}
