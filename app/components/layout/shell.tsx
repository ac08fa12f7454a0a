/**
 * The page frame: skip link, the "View as" banner (superusers viewing as someone else), header, the email confirmation banner (unverified accounts), main
 * landmark (with the page transition), footer, the live region announcing each new page, and
 * `?` for the list of keyboard shortcuts.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { ReactNode } from "react";
import { ImpersonationBanner } from "./impersonation-banner.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { PageTransition } from "./page-transition.tsx";
import { VerificationBanner } from "./verification-banner.tsx";
import { MAIN_ID, RouteAnnouncer } from "./route-announcer.tsx";
import { KeyboardShortcuts } from "./keyboard-shortcuts.tsx";

/** Wraps a page in the shared shell. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useAppTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t("skipLink")}
      </a>
      <ImpersonationBanner />
      <Header />
      <VerificationBanner />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none"
      >
        <PageTransition>{children}</PageTransition>
      </main>
      <Footer />
      <RouteAnnouncer />
      <KeyboardShortcuts />
    </div>
  );
}
