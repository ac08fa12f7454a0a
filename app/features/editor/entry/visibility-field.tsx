/**
 * Who may read an entry: private, unlisted or public, as a radio group where each choice says
 * what it means (design §5).
 */
import { Globe, Link2, Lock } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import type { Visibility } from "../../../api/records/records.ts";

const CHOICES: { value: Visibility; icon: typeof Lock }[] = [
  { value: "private", icon: Lock },
  { value: "unlisted", icon: Link2 },
  { value: "public", icon: Globe },
];

/** The visibility radio group; each radio's id is `{idPrefix}-{value}`. */
export function VisibilityField(props: {
  idPrefix: string;
  value: Visibility;
  onChange(value: Visibility): void;
  error?: string;
}) {
  const { t } = useAppTranslation();
  const errorId = `${props.idPrefix}-error`;
  return (
    <fieldset aria-describedby={props.error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-stone-900">
        {t("editor:fields.visibility")}
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {CHOICES.map(({ value, icon: Icon }) => {
          const id = `${props.idPrefix}-${value}`;
          return (
            <div
              key={value}
              className={`relative flex gap-3 rounded border p-3 ${
                props.value === value ? "border-amber-800 bg-amber-50" : "border-stone-300 bg-white"
              }`}
            >
              <input
                id={id}
                type="radio"
                name="visibility"
                value={value}
                checked={props.value === value}
                onChange={() => {
                  props.onChange(value);
                }}
                aria-describedby={`${id}-help`}
                className="mt-1 h-4 w-4 shrink-0 accent-amber-800"
              />
              <div>
                <label
                  htmlFor={id}
                  className="flex items-center gap-1 font-semibold text-stone-900"
                >
                  <Icon aria-hidden size={16} />
                  {t(`common:visibility.${value}`)}
                </label>
                <p id={`${id}-help`} className="text-sm text-stone-700">
                  {t(`editor:fields.visibilityHelp.${value}`)}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {props.error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
