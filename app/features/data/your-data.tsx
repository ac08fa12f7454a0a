/**
 * "Your data", a section of `/profileSettings`: the account's export (a zip download) and
 * the import of another program's export (or Cahier's own), with its progress and report.
 */
import { useId } from "react";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { DataExport } from "./data-export.tsx";
import { DataImport } from "./data-import.tsx";

/** The section. */
export function YourData() {
  const { t } = useAppTranslation();
  const exportId = useId();
  const importId = useId();
  return (
    <SettingsSection title={t("data:section.heading")} intro={t("data:section.intro")}>
      <section aria-labelledby={exportId}>
        <DataExport headingId={exportId} />
      </section>
      <hr className="border-stone-200" />
      <section aria-labelledby={importId}>
        <DataImport headingId={importId} />
      </section>
    </SettingsSection>
  );
}
