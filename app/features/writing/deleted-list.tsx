/**
 * The parts of "Recently deleted" (`/writing/deleted`, ADR 067): the outcome of the last
 * action ("Restored: <its title, linked where it is>", or a deletion for good), the list of
 * deleted entries and posts with when each was deleted and when it goes for good, and their
 * two actions. Restore is a form posting to the page's action. "Delete forever" asks first:
 * without JavaScript its button opens the page's confirmation (`?confirm=<id>`,
 * {@link DeletedConfirm}), whose form posts; with it, a dialog asks and then posts the same.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { RotateCcw, Trash } from "lucide-react";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { parseApiDate } from "../../components/ui/formatted-date.tsx";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import type { DeletedRow, RestoredOutcome } from "./deleted-data.server.ts";
import { ListHeading } from "./list-heading.tsx";
import { formatDateTime } from "./writing-dates.ts";

/** Where the page's confirmation is, so the browser scrolls to it. */
const CONFIRM_ANCHOR = "confirm-delete";

const actionClass =
  "inline-flex min-h-9 items-center gap-1.5 rounded border px-2.5 py-1 text-sm font-semibold disabled:opacity-60";
const TONES = {
  plain: "border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
  danger: "border-red-300 bg-white text-red-800 hover:bg-red-50",
};
const destructiveClass =
  "inline-flex items-center justify-center gap-2 rounded bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900 disabled:opacity-60";

/** The hidden fields every action of the page sends. */
function ActionFields(props: { intent: "restore" | "purge"; id: string; page: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="page" value={props.page} />
    </>
  );
}

/** A date of a row, in a `<time>` element, in a message. */
function RowDate(props: { value: string; locale: string; message: (date: string) => string }) {
  const date = parseApiDate(props.value);
  if (!date) return null;
  return (
    <time dateTime={date.toISOString()}>
      {props.message(formatDateTime(props.value, props.locale))}
    </time>
  );
}

/**
 * What the last action did: the restored record, named and linked, or a deletion for good.
 * It takes the focus once it shows after an action (the row whose button was pressed is gone).
 */
export function DeletedOutcome(props: { restored: RestoredOutcome | null; purged: boolean }) {
  const { t } = useAppTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  const { restored, purged } = props;
  const shown = restored !== null || purged;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, key]);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} className="mb-6 outline-none" data-testid="deleted-outcome">
      <FormMessage kind="success">
        {restored ? (
          <>
            {restored.kind === "post"
              ? t("writing:deleted.restoredPost")
              : t("writing:deleted.restoredEntry")}{" "}
            <Link to={restored.href} className="font-semibold underline underline-offset-4">
              {restored.title}
            </Link>
            {restored.renamedTo && (
              <> {t("writing:deleted.renamed", { name: restored.renamedTo })}</>
            )}
          </>
        ) : (
          t("writing:deleted.purged")
        )}
      </FormMessage>
    </div>
  );
}

/** The confirmation of "Delete forever" as a part of the page (how it asks without JavaScript). */
export function DeletedConfirm(props: { item: DeletedRow; page: number }) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const { item, page } = props;
  return (
    <section
      id={CONFIRM_ANCHOR}
      aria-labelledby={headingId}
      className="mb-6 rounded border border-red-300 bg-red-50 p-4 text-red-950"
    >
      <h2 id={headingId} className="font-serif text-xl font-semibold [overflow-wrap:anywhere]">
        {t("writing:deleted.confirmTitle", { title: item.title })}
      </h2>
      <p className="mt-2">
        {item.kind === "post"
          ? t("writing:deleted.confirmPostBody")
          : t("writing:deleted.confirmEntryBody")}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Link
          to={paths.writingDeleted({ page: page > 1 ? page : undefined })}
          className={buttonClass.secondary}
        >
          {t("writing:deleted.cancel")}
        </Link>
        <Form method="post" action={paths.writingDeleted()}>
          <ActionFields intent="purge" id={item.id} page={page} />
          <button type="submit" className={destructiveClass}>
            {t("writing:deleted.confirm")}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Props of {@link DeletedList}. */
export interface DeletedListProps {
  items: DeletedRow[];
  page: number;
  totalItems: number;
  locale: string;
}

/** The deleted entries and posts of the page, or why there are none. */
export function DeletedList(props: DeletedListProps) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const [asking, setAsking] = useState<DeletedRow | null>(null);
  // The last item asked about stays named while its dialog closes.
  const [named, setNamed] = useState<DeletedRow | null>(null);
  if (asking && asking !== named) setNamed(asking);
  const { page } = props;

  if (props.items.length === 0)
    return (
      <EmptyState text={t("writing:deleted.empty")}>
        <Link to={paths.writing()} className={buttonClass.secondary}>
          {t("writing:deleted.back")}
        </Link>
      </EmptyState>
    );

  const ask = (item: DeletedRow) => (event: SubmitEvent<HTMLFormElement>) => {
    // With JavaScript the dialog asks; without, the form opens the page's confirmation.
    event.preventDefault();
    setAsking(item);
  };
  const confirm = () => {
    if (!asking) return;
    void submit(
      { intent: "purge", id: asking.id, page: String(page) },
      { method: "post", action: paths.writingDeleted() },
    );
    setAsking(null);
  };
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <ListHeading
        id={headingId}
        heading={t("writing:deleted.heading")}
        page={page}
        totalItems={props.totalItems}
      />
      <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
        {props.items.map((item) => (
          <li key={item.id} className="px-4 py-4">
            <article className="grid gap-2" data-testid="deleted-row">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <h3 className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
                  {item.title}
                </h3>
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
                  {item.kind === "post" ? t("writing:row.post") : t("writing:row.entry")}
                </span>
              </div>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
                <RowDate
                  value={item.deleted}
                  locale={props.locale}
                  message={(date) => t("writing:deleted.deletedOn", { date })}
                />
                <RowDate
                  value={item.expires}
                  locale={props.locale}
                  message={(date) => t("writing:deleted.expiresOn", { date })}
                />
              </p>
              <div
                role="group"
                aria-label={t("writing:row.actions", { title: item.title })}
                className="flex flex-wrap items-center gap-2"
              >
                <Form method="post" action={paths.writingDeleted()}>
                  <ActionFields intent="restore" id={item.id} page={page} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={t("writing:deleted.restoreLabel", { title: item.title })}
                    className={`${actionClass} ${TONES.plain}`}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    {t("writing:deleted.restore")}
                  </button>
                </Form>
                <form
                  method="get"
                  action={`${paths.writingDeleted()}#${CONFIRM_ANCHOR}`}
                  onSubmit={ask(item)}
                >
                  <input type="hidden" name="confirm" value={item.id} />
                  {page > 1 && <input type="hidden" name="page" value={page} />}
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={t("writing:deleted.deleteForeverLabel", { title: item.title })}
                    className={`${actionClass} ${TONES.danger}`}
                  >
                    <Trash aria-hidden="true" className="size-4" />
                    {t("writing:deleted.deleteForever")}
                  </button>
                </form>
              </div>
            </article>
          </li>
        ))}
      </ul>
      {/* Made once something is asked about: no nameless dialog in the page before. */}
      {named && (
        <ConfirmDialog
          open={asking !== null}
          busy={busy}
          destructive
          title={t("writing:deleted.confirmTitle", { title: named.title })}
          confirmLabel={t("writing:deleted.confirm")}
          cancelLabel={t("writing:deleted.cancel")}
          onConfirm={confirm}
          onCancel={() => {
            setAsking(null);
          }}
        >
          <p>
            {named.kind === "post"
              ? t("writing:deleted.confirmPostBody")
              : t("writing:deleted.confirmEntryBody")}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
