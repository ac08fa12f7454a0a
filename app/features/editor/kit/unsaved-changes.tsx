/**
 * A warning before leaving a form with changes nothing will keep on the server: the browser's
 * own prompt when the tab is closed or reloaded (`beforeunload`), and a dialog for
 * navigations inside the app (React Router's blocker). What the autosave can keep is saved on
 * the way out and asks nothing (ADR 047); `dirty()` is true only for the rest: picked files, a
 * new visibility or status, a new record without a title, or while offline or refused. The
 * draft in local storage survives either way.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";

/**
 * Guards the page while `dirty()` is true. Returns the dialog to render (closed when nothing
 * is blocked).
 */
export function UnsavedChangesGuard(props: { dirty: () => boolean }) {
  const { t } = useAppTranslation();
  const dirtyRef = useRef(props.dirty);
  useLayoutEffect(() => {
    dirtyRef.current = props.dirty;
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current()) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
    };
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("editor:draft.unsavedTitle")}
      confirmLabel={t("editor:draft.leave")}
      cancelLabel={t("editor:draft.stay")}
      onConfirm={() => {
        blocker.proceed?.();
      }}
      onCancel={() => {
        blocker.reset?.();
      }}
    >
      <p>{t("editor:draft.unsavedBody")}</p>
    </ConfirmDialog>
  );
}
