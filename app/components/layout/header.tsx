/**
 * The header of every page (spec §2 "Shared shell"): logo → `/`, the language switcher
 * (shows "Fr" in English and "En" in French), the theme, a menu toggle below 1280 px, the
 * search box, the navigation, then either the Login and Sign up links, or the account (name
 * or username with avatar → profile) and a logout icon. Navigation: Blog, Archive and
 * Collections for every visitor, guests too (issue 25 item 2: all three are public pages);
 * then New entry (not for superusers, who own no entries), New post for writers, My writing,
 * Instances and Admin (`/admin`) for admins and superusers. An admin's eight links do not fit
 * one row beside the search box below 1280 px, in French least of all (issue 25 item 16): there
 * they sit behind the toggle, and the row keeps the logo, the switches and the search box
 * (from 1024 px). Escape closes the menu and gives the focus back to its toggle. The site's own
 * links (ADR 075) follow in a row of their own, shown on every screen.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "../../root.tsx";
import { siteIconPath } from "#shared/site/site-files.ts";
import { BookOpen, LogOut, Menu, X } from "lucide-react";
import { isAdmin, isSuperuser, isWriter, displayName } from "../../api/auth/session.ts";
import { useSession } from "../session-provider.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { paths } from "../../lib/paths.ts";
import { HeaderSearch } from "./header-search.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { SiteNavigation } from "./site-navigation.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-stone-100 xl:px-1.5 ${
    isActive ? "text-amber-800 underline underline-offset-4" : "text-stone-800"
  }`;

/** The account's name in the row: a long one ends in an ellipsis, keeping the row whole. */
const NAME_CLASS = "max-w-48 truncate xl:max-w-32";

/** The site header. */
export function Header() {
  const { t } = useAppTranslation();
  const { user, logout } = useSession();
  // The name set in the settings, else the catalog's (the error page may lack root data).
  const root = useRouteLoaderData<RootData>("root");
  const app = root?.appName ?? t("app.name");
  // The site's uploaded icon is its logo (ADR 069); Cahier's own is the book.
  const logo = root?.site.icon;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const searchId = useId();
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

  // The reading pages every visitor may open, then what the account may do.
  const navLinks = [
    { to: paths.blog(), label: t("nav.blog") },
    { to: paths.archive(), label: t("nav.archive") },
    { to: paths.collections(), label: t("nav.collections") },
    ...(user
      ? [
          ...(isSuperuser(user) ? [] : [{ to: paths.entryCreate(), label: t("nav.newEntry") }]),
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
      : []),
  ];

  return (
    <header data-focus-hide="" className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2 px-4 py-3 xl:max-w-7xl xl:flex-nowrap">
        <Link
          to={paths.home()}
          aria-label={t("header.home", { app })}
          className="mr-auto flex shrink-0 items-center gap-2 rounded font-serif text-xl font-semibold text-stone-900"
        >
          {logo ? (
            <img
              src={siteIconPath("icon-192", logo)}
              alt=""
              width={24}
              height={24}
              className="size-6 rounded"
            />
          ) : (
            <BookOpen aria-hidden="true" className="size-6 text-amber-800" />
          )}
          <span>{app}</span>
        </Link>

        <LanguageSwitch />
        <ThemeToggle />

        <button
          ref={toggleRef}
          type="button"
          className="rounded p-2 text-stone-800 hover:bg-stone-100 xl:hidden"
          aria-expanded={open}
          aria-controls={`${searchId} ${menuId}`}
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

        {/* In the row from 1024 px; below, behind the toggle. */}
        <div id={searchId} className={`${open ? "block" : "hidden"} w-full lg:block lg:w-auto`}>
          <HeaderSearch />
        </div>

        <div
          id={menuId}
          className={`${open ? "flex" : "hidden"} w-full flex-col gap-2 xl:flex xl:w-auto xl:flex-row xl:items-center`}
        >
          <nav aria-label={t("header.mainNav")}>
            <ul className="flex flex-col xl:flex-row xl:items-center">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {user ? (
            <div className="flex items-center gap-1">
              {user.username ? (
                <Link
                  to={paths.profile(user.username)}
                  className="flex items-center gap-2 rounded px-2 py-1 text-sm font-medium text-stone-900 hover:bg-stone-100"
                  data-testid="header-account"
                >
                  <Avatar user={user} />
                  <span className={NAME_CLASS}>{displayName(user)}</span>
                </Link>
              ) : (
                <span
                  className="flex items-center gap-2 px-2 py-1 text-sm font-medium"
                  data-testid="header-account"
                >
                  <Avatar user={user} />
                  <span className={NAME_CLASS}>{displayName(user)}</span>
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
            <ul className="flex flex-col gap-1 xl:flex-row xl:items-center">
              <li>
                <NavLink to={paths.login()} className={linkClass}>
                  {t("nav.login")}
                </NavLink>
              </li>
              <li>
                <Link
                  to={paths.signUp()}
                  className="block rounded bg-amber-800 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-amber-900"
                >
                  {t("nav.signUp")}
                </Link>
              </li>
            </ul>
          )}
        </div>
      </div>
      <SiteNavigation />
    </header>
  );
}
