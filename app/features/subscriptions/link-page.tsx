/**
 * The frame of the pages the mails' signed links open (confirm, unsubscribe, manage): a
 * heading, what the link does, and either its one button (a plain `POST` form carrying the
 * token: a `GET` of the link changes nothing, so a mail scanner following it acts for
 * nobody), the outcome once done, or why the link cannot be used.
 */
import type { ReactNode } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";

/** Props of {@link LinkPage}. */
export interface LinkPageProps {
  title: string;
  intro?: string;
  /** The message of a refused or missing link. */
  error?: string | undefined;
  /** The message once the link did its work. */
  done?: string | undefined;
  children?: ReactNode;
}

/** A page of a mail's link (see the module comment). */
export function LinkPage(props: LinkPageProps) {
  return (
    <div className="mx-auto max-w-prose">
      <PageHeader title={props.title} intro={props.intro} />
      <div className="grid gap-4">
        {props.error && <FormMessage kind="error">{props.error}</FormMessage>}
        {props.done && <FormMessage kind="success">{props.done}</FormMessage>}
        {props.children}
      </div>
    </div>
  );
}

/** The one button of a link page: a `POST` of the token to the page's action. */
export function LinkButton(props: { token: string; label: string; intent?: string }) {
  return (
    <form method="post">
      <input type="hidden" name="token" value={props.token} />
      {props.intent && <input type="hidden" name="intent" value={props.intent} />}
      <button type="submit" className={buttonClass.primary}>
        {props.label}
      </button>
    </form>
  );
}

/** `Cache-Control` of the link pages: never kept (each answer depends on a live token). */
export const LINK_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;
