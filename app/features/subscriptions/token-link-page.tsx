/**
 * The view of a page a subscription mail's signed link opens to do one thing (confirm,
 * unsubscribe; `token-link-page.server.ts`): the button, the outcome, or why the link cannot
 * be used.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { LinkButton, LinkPage } from "./link-page.tsx";
import type { TokenFailure } from "./token-failure.ts";

/** The catalog group of a link page's words (`title`, `intro`, `submit`, `done`). */
export type TokenLinkWords = "confirm" | "unsubscribe";

/** What the loader gave and the action answered. */
export interface TokenLinkData {
  loaderData: { title: string; token: string; done: boolean; failure?: TokenFailure };
  actionData?: TokenFailure | undefined;
}

/** A link page (see the module comment). */
export function TokenLinkView({ words, data }: { words: TokenLinkWords; data: TokenLinkData }) {
  const { t } = useAppTranslation();
  const { loaderData } = data;
  const failure = data.actionData ?? loaderData.failure;
  if (loaderData.done)
    return <LinkPage title={loaderData.title} done={t(`subscriptions:${words}.done`)} />;
  return (
    <LinkPage
      title={loaderData.title}
      intro={t(`subscriptions:${words}.intro`)}
      error={failure?.message}
    >
      {loaderData.token && !failure && (
        <LinkButton token={loaderData.token} label={t(`subscriptions:${words}.submit`)} />
      )}
    </LinkPage>
  );
}
