/**
 * The header of every page (spec §2 "Shared shell"): logo → `/`, a menu toggle for small
 * screens, the language switcher (shows "Fr" in English and "En" in French), then either the
 * Login and Sign up links, or the account (name or username with avatar → profile) and a
 * logout icon. Navigation: New entry (not for superusers, who own no entries), Archive and
 * Collections for any signed-in user, New post for writers, Instances and Admin (`/admin`)
 * for admins and superusers. Escape closes the small-screen menu and gives the focus back to
 * its toggle.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "../../root.tsx";
import { BookOpen, LogOut, Menu, X } from "lucide-react";
import { isAdmin, isSuperuser, isWriter, displayName } from "../../api/auth/session.ts";
import { useSession } from "../session-provider.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { paths } from "../../lib/paths.ts";
import { HeaderSearch } from "./header-search.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium hover:bg-stone-100 ${
    isActive ? "text-amber-800 underline underline-offset-4" : "text-stone-800"
  }`;

/** The site header. */
export function Header() {
  const { t } = useAppTranslation();
  const { user, locale, switchLocale, logout } = useSession();
  // The name set in the settings, else the catalog's (the error page may lack root data).
  const app = useRouteLoaderData<RootData>("root")?.appName ?? t("app.name");
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu, wherever the focus is, and returns the focus to the toggle.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  // A navigation closes the small-screen menu.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }

  const navLinks = user
    ? [
        ...(isSuperuser(user) ? [] : [{ to: paths.entryCreate(), label: t("nav.newEntry") }]),
        { to: paths.archive(), label: t("nav.archive") },
        { to: paths.collections(), label: t("nav.collections") },
        ...(isWriter(user) ? [{ to: paths.postCreate(), label: t("nav.newPost") }] : []),
        // My writing: for accounts that write (a superuser owns no entry and no post).
        ...(user.collectionName === "users"
          ? [{ to: paths.writing(), label: t("nav.writing") }]
          : []),
        ...(isAdmin(user)
          ? [
              { to: paths.items(), label: t("nav.instances") },
              { to: paths.admin(), label: t("admin:nav.admin") },
            ]
          : []),
      ]
    : [];

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2 px-4 py-3">
        <Link
          to={paths.home()}
          aria-label={t("header.home", { app })}
          className="mr-auto flex items-center gap-2 rounded font-serif text-xl font-semibold text-stone-900"
        >
          <BookOpen aria-hidden="true" className="size-6 text-amber-800" />
          <span>{app}</span>
        </Link>

        <button
          type="button"
          onClick={() => void switchLocale(locale === "en" ? "fr" : "en")}
          // The visible "Fr"/"En" starts the name, so voice control users can say what they see.
          aria-label={`${t("header.switchLanguage")}, ${t("header.switchLanguageLabel")}`}
          lang={locale === "en" ? "fr" : "en"}
          className="rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          {t("header.switchLanguage")}
        </button>
        <ThemeToggle />

        <button
          ref={toggleRef}
          type="button"
          className="rounded p-2 text-stone-800 hover:bg-stone-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t("header.closeMenu") : t("header.openMenu")}
          onClick={() => {
            setOpen((value) => !value);
          }}
        >
          {open ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </button>

        <div
          id={menuId}
          className={`${open ? "flex" : "hidden"} w-full flex-col gap-2 md:flex md:w-auto md:flex-row md:items-center`}
        >
          <HeaderSearch />
          {navLinks.length > 0 && (
            <nav aria-label={t("header.mainNav")}>
              <ul className="flex flex-col md:flex-row md:items-center">
                {navLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {user ? (
            <div className="flex items-center gap-1">
              {user.username ? (
                <Link
                  to={paths.profile(user.username)}
                  className="flex items-center gap-2 rounded px-2 py-1 text-sm font-medium text-stone-900 hover:bg-stone-100"
                  data-testid="header-account"
                >
                  <Avatar user={user} />
                  <span>{displayName(user)}</span>
                </Link>
              ) : (
                <span
                  className="flex items-center gap-2 px-2 py-1 text-sm font-medium"
                  data-testid="header-account"
                >
                  <Avatar user={user} />
                  <span>{displayName(user)}</span>
                </span>
              )}
              <button
                type="button"
                onClick={() => void logout()}
                aria-label={t("header.logout")}
                title={t("header.logout")}
                className="rounded p-2 text-stone-800 hover:bg-stone-100"
              >
                <LogOut aria-hidden="true" className="size-5" />
              </button>
            </div>
          ) : (
            <ul className="flex flex-col gap-1 md:flex-row md:items-center">
              <li>
                <NavLink to={paths.login()} className={linkClass}>
                  {t("nav.login")}
                </NavLink>
              </li>
              <li>
                <Link
                  to={paths.signUp()}
                  className="block rounded bg-amber-800 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-900"
                >
                  {t("nav.signUp")}
                </Link>
              </li>
            </ul>
          )}
        </div>
      </div>
    </header>
  );
}
