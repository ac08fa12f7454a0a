/**
 * "Navigation links" of `/admin/settings` (ADR 075): the header's own links, an ordered list per
 * language, saved with `PATCH /api/settings` under `meta.navigation`. Each link has a label and
 * an address; buttons add, remove and move a link up or down (no dragging), and the focus stays
 * on the moved link's button, so the whole list is kept with the keyboard.
 */
import { useEffect, useId, useRef, useState } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import {
  MAX_NAVIGATION_LABEL,
  MAX_NAVIGATION_LINKS,
  MAX_NAVIGATION_URL,
  type LocalizedNavigation,
} from "#shared/site/navigation.ts";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveSiteIdentity } from "../../api/system/site-identity.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { fill, useSiteIdentityTexts } from "./texts.ts";
import { identityFormOptions } from "./identity-errors.ts";

type Lang = "en" | "fr";
interface Row {
  key: number;
  label: string;
  url: string;
}

const FIELDS = ["meta.navigation"] as const;
const iconButton =
  "rounded border border-stone-300 bg-white p-2 text-stone-800 hover:bg-stone-100 disabled:opacity-40";

let nextKey = 0;
const rows = (links: LocalizedNavigation[Lang]): Row[] =>
  links.map((link) => ({ key: nextKey++, ...link }));

/** The form, filled with the links as loaded. */
export function NavigationForm(props: { navigation: LocalizedNavigation }) {
  const { t } = useAppTranslation();
  const { C, locale } = useSiteIdentityTexts();
  const id = useId();
  const [lists, setLists] = useState<Record<Lang, Row[]>>(() => ({
    en: rows(props.navigation.en),
    fr: rows(props.navigation.fr),
  }));
  // The button to focus after a change (its id), so a moved link keeps the keyboard's place.
  const focusNext = useRef<string | null>(null);
  const setFocus = (target: string) => {
    focusNext.current = target;
  };
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const form = useFormSubmit({
    failed: t("errors:api.generic"),
    ...identityFormOptions(locale, FIELDS),
  });
  const handleSubmit = form.submit(async () => {
    const strip = (list: Row[]) => list.map(({ label, url }) => ({ label, url }));
    const stored = await saveSiteIdentity(getBrowserClient(), {
      navigation: { en: strip(lists.en), fr: strip(lists.fr) },
    });
    setLists({ en: rows(stored.meta.navigation.en), fr: rows(stored.meta.navigation.fr) });
    form.succeed(C.navigation.saved);
  });
  const change = (lang: Lang, update: (list: Row[]) => Row[]) => {
    setLists((current) => ({ ...current, [lang]: update(current[lang]) }));
  };
  const buttonId = (lang: Lang, key: number, action: string) => `${id}-${lang}-${key}-${action}`;
  const move = (lang: Lang, index: number, by: -1 | 1) => {
    const list = lists[lang];
    const row = list[index];
    if (!row) return;
    const to = index + by;
    change(lang, (current) => {
      const next = current.filter((_, at) => at !== index);
      next.splice(to, 0, row);
      return next;
    });
    // At the top or the bottom, the button pressed is disabled: focus its other one.
    const edge = (by < 0 && to === 0) || (by > 0 && to === list.length - 1);
    setFocus(buttonId(lang, row.key, edge === by < 0 ? "down" : "up"));
  };

  return (
    <SettingsSection title={C.navigation.title} intro={C.navigation.intro}>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-6">
        {(["en", "fr"] as const).map((lang) => {
          const list = lists[lang];
          const legend = lang === "en" ? C.navigation.linksEn : C.navigation.linksFr;
          return (
            <fieldset key={lang} className="grid gap-3" data-testid={`navigation-${lang}`}>
              <legend className="font-semibold text-stone-900">{legend}</legend>
              {list.length === 0 && <p className="text-sm text-stone-700">{C.navigation.none}</p>}
              <ol className="grid gap-3">
                {list.map((row, index) => {
                  const n = { n: index + 1 };
                  return (
                    <li
                      key={row.key}
                      className="grid gap-2 rounded border border-stone-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
                    >
                      <TextInput
                        lang={lang}
                        label={fill(C.navigation.label, n)}
                        value={row.label}
                        required
                        maxLength={MAX_NAVIGATION_LABEL}
                        onChange={(event) => {
                          const label = event.currentTarget.value;
                          change(lang, (current) =>
                            current.map((item) =>
                              item.key === row.key ? { ...item, label } : item,
                            ),
                          );
                        }}
                      />
                      <TextInput
                        label={fill(C.navigation.url, n)}
                        hint={C.navigation.urlHint}
                        value={row.url}
                        required
                        maxLength={MAX_NAVIGATION_URL}
                        inputMode="url"
                        autoCapitalize="none"
                        spellCheck={false}
                        onChange={(event) => {
                          const url = event.currentTarget.value;
                          change(lang, (current) =>
                            current.map((item) => (item.key === row.key ? { ...item, url } : item)),
                          );
                        }}
                      />
                      <div className="flex gap-1">
                        <button
                          id={buttonId(lang, row.key, "up")}
                          type="button"
                          className={iconButton}
                          disabled={index === 0}
                          aria-label={fill(C.navigation.moveUp, n)}
                          onClick={() => {
                            move(lang, index, -1);
                          }}
                        >
                          <ArrowUp aria-hidden="true" className="size-4" />
                        </button>
                        <button
                          id={buttonId(lang, row.key, "down")}
                          type="button"
                          className={iconButton}
                          disabled={index === list.length - 1}
                          aria-label={fill(C.navigation.moveDown, n)}
                          onClick={() => {
                            move(lang, index, 1);
                          }}
                        >
                          <ArrowDown aria-hidden="true" className="size-4" />
                        </button>
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={fill(C.navigation.remove, n)}
                          onClick={() => {
                            change(lang, (current) =>
                              current.filter((item) => item.key !== row.key),
                            );
                            setFocus(`${id}-${lang}-add`);
                          }}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ol>
              <div>
                <button
                  id={`${id}-${lang}-add`}
                  type="button"
                  className={buttonClass.secondary}
                  disabled={list.length >= MAX_NAVIGATION_LINKS}
                  onClick={() => {
                    change(lang, (current) => [...current, { key: nextKey++, label: "", url: "" }]);
                  }}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {lang === "en" ? C.navigation.addEn : C.navigation.addFr}
                </button>
                {list.length >= MAX_NAVIGATION_LINKS && (
                  <p className="mt-1 text-sm text-stone-700">
                    {fill(C.navigation.full, { max: MAX_NAVIGATION_LINKS })}
                  </p>
                )}
              </div>
            </fieldset>
          );
        })}
        {form.fieldErrors["meta.navigation"] && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {form.fieldErrors["meta.navigation"]}
          </p>
        )}
        <div>
          <SubmitButton busy={form.busy} busyLabel={C.texts.saving}>
            {C.navigation.save}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}
