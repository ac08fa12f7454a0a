/**
 * `/admin/settings` (superusers): the instance settings, the site's identity (ADR 069:
 * description, footer, accent colour, custom style sheet, icon and social image), the
 * navigation links (ADR 075), comments' defaults and the subscription emails' pace (ADR 065) and a test email.
 */
import { useState } from "react";
import type { Route } from "./+types/settings";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { SettingsForm } from "../../features/admin-system/settings-form.tsx";
import { TestEmail } from "../../features/admin-system/test-email.tsx";
import { SubscriptionSettingsForm } from "../../features/subscriptions/subscription-settings-form.tsx";
import { CommentSettingsForm } from "../../features/comments/comment-settings-form.tsx";
import { IdentityTextsForm } from "../../features/site-identity/identity-texts-form.tsx";
import { AccentForm } from "../../features/site-identity/accent-form.tsx";
import { NavigationForm } from "../../features/site-identity/navigation-form.tsx";
import { CustomCssForm } from "../../features/site-identity/custom-css-form.tsx";
import { SiteImagesForms } from "../../features/site-identity/site-images-form.tsx";
import { readSettings } from "../../api/system/settings.ts";
import type { SystemSettings } from "../../api/system/system-types.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireSuperuser, routeContext } from "../../lib/routes/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The settings as the API shows them to superusers (secrets blanked). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireSuperuser(context);
  const { api, t } = routeContext(context);
  const settings = await readSettings(api);
  return { title: t("adminSystem:settings.title"), settings, email: user.email };
}

/** The settings page. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const [saved, setSaved] = useState<{ settings: SystemSettings; version: number }>({
    settings: loaderData.settings,
    version: 0,
  });
  return (
    <>
      <PageHeader title={t("adminSystem:settings.title")} intro={t("adminSystem:settings.intro")} />
      <SystemNav />
      <div className="grid gap-6">
        <SettingsForm
          key={saved.version}
          settings={saved.settings}
          onSaved={(settings) => {
            setSaved((current) => ({ settings, version: current.version + 1 }));
          }}
        />
        <IdentityTextsForm identity={loaderData.settings.meta} />
        <AccentForm accent={loaderData.settings.meta.accentColor} />
        <SiteImagesForms
          icon={loaderData.settings.meta.icon}
          socialImage={loaderData.settings.meta.socialImage}
        />
        <NavigationForm navigation={loaderData.settings.meta.navigation} />
        <CustomCssForm css={loaderData.settings.meta.customCss} />
        <CommentSettingsForm settings={loaderData.settings.comments} />
        <SubscriptionSettingsForm settings={loaderData.settings.subscriptions} />
        <TestEmail defaultEmail={loaderData.email} />
      </div>
    </>
  );
}
