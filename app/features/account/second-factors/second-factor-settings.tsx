/**
 * The account page's sections about second factors (ADR 046, ADR 066): one per factor of
 * `shared/auth/second-factors.ts`, titled by its labels, holding its panel.
 */
import { Suspense } from "react";
import { SECOND_FACTORS } from "#shared/auth/second-factors.ts";
import type { SecondFactorStatuses } from "../../../api/auth/second-factors.ts";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { SECOND_FACTOR_UI } from "./second-factor-ui.ts";

/** Every second factor's section for the account `identity` (its email or username). */
export function SecondFactorSettings(props: {
  /** Each factor's state; null for a superuser viewing as the account. */
  statuses: SecondFactorStatuses | null;
  identity: string;
  /** Whether the account's address is proven (ADR 056). */
  verified: boolean;
}) {
  const { t } = useAppTranslation();
  return SECOND_FACTORS.map(({ method, labels }) => {
    const { Panel } = SECOND_FACTOR_UI[method];
    return (
      <SettingsSection key={method} title={t(labels.title)} intro={t(labels.intro)}>
        <Suspense fallback={<p role="status">{t("common:loading")}</p>}>
          <Panel
            status={props.statuses === null ? null : (props.statuses[method] ?? null)}
            identity={props.identity}
            verified={props.verified}
          />
        </Suspense>
      </SettingsSection>
    );
  });
}
