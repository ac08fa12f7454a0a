/**
 * What an admin does to one user on `/admin/users`, through the browser's API client: change
 * the role, suspend (after a dialog) or lift the suspension, send a password reset link (the
 * public request: the link goes to the user's own address), delete (after a dialog naming the
 * user) and, for superusers, mark the email verified (ADR 055) and "View as" (ADR 025), which
 * the user sees in their account. Nothing here sets a password or an email (ADR 046). The API
 * decides; the controls only show what it would allow: admins do not get them on another
 * admin's row, nobody on their own.
 */
import { useId, useState, type ReactNode, type SubmitEvent } from "react";
import { useRevalidator } from "react-router";
import { Ban, CheckCircle, Eye, KeyRound, Trash, Undo2 } from "lucide-react";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { requestPasswordReset } from "../../api/auth/password-reset.ts";
import { deleteRecord, updateRecord } from "../../api/records/record-writes.ts";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";
import { startImpersonation } from "../../api/auth/impersonation.ts";
import { useSafeNavigate } from "../../lib/browser/navigation.ts";
import type { UserRecord } from "../../api/records/records.ts";
import { isSuperuser, type SessionUser, type UserRole } from "../../api/auth/session.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { paths } from "../../lib/paths.ts";

/** A `users` record as admins see it (email and verified flag included). */
export interface ManagedUser extends UserRecord {
  email: string;
  verified: boolean;
  /** A suspended account cannot log in (ADR 046). */
  suspended: boolean;
}

/** Whether `viewer` may change `target` (ADR 024): superusers anyone, admins non-admins. */
export function canManage(viewer: SessionUser, target: Pick<ManagedUser, "id" | "role">): boolean {
  if (isSuperuser(viewer)) return true;
  return target.id !== viewer.id && target.role !== "admin";
}

/** The translated name of a role. */
export function roleLabel(t: AppT, role: UserRole): string {
  if (role === "writer") return t("admin:users.roleWriter");
  if (role === "admin") return t("admin:users.roleAdmin");
  return t("admin:users.roleUser");
}

const ROLES: readonly UserRole[] = ["", "writer", "admin"];

const smallButton =
  "inline-flex items-center gap-1 rounded border px-2 py-1 text-sm font-semibold disabled:opacity-60";

const TONES = {
  plain: "border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
  danger: "border-red-300 bg-white text-red-800 hover:bg-red-50",
  impersonate: "border-amber-800 bg-white text-amber-900 hover:bg-amber-50",
};

/** One action button of a row: its icon and text, and the `label` naming the user. */
function RowButton(props: {
  busy: boolean;
  onClick: () => void;
  label: string;
  tone: keyof typeof TONES;
  icon: typeof Eye;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      disabled={props.busy}
      onClick={props.onClick}
      aria-label={props.label}
      className={`${smallButton} ${TONES[props.tone]}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {props.children}
    </button>
  );
}

/** The action cell of one user row. */
export function UserActions({ viewer, user }: { viewer: SessionUser; user: ManagedUser }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useSafeNavigate();
  const { revalidate } = useRevalidator();
  const roleId = useId();
  const { busy, run } = useFormSubmit(NOTIFY_ONLY);
  const [confirming, setConfirming] = useState<"delete" | "suspend" | null>(null);
  const username = user.username;
  const manage = canManage(viewer, user);

  function changeRole(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("role");
    const role = ROLES.find((candidate) => candidate === value) ?? "";
    void run(async () => {
      await updateRecord(getBrowserClient(), "users", user.id, { role });
      notify.success(t("admin:users.roleChanged", { username, role: roleLabel(t, role) }));
      await revalidate();
    });
  }

  const markVerified = () =>
    void run(async () => {
      await updateRecord(getBrowserClient(), "users", user.id, { verified: true });
      notify.success(t("admin:users.verified", { username }));
      await revalidate();
    });

  const setSuspended = (suspended: boolean) =>
    void run(async () => {
      await updateRecord(getBrowserClient(), "users", user.id, { suspended });
      setConfirming(null);
      notify.success(
        t(suspended ? "admin:users.suspended" : "admin:users.unsuspended", { username }),
      );
      await revalidate();
    });

  const sendReset = () =>
    void run(async () => {
      await requestPasswordReset(getBrowserClient(), user.email);
      notify.success(t("admin:users.resetSent", { username }));
    });

  const remove = () =>
    void run(async () => {
      await deleteRecord(getBrowserClient(), "users", user.id);
      setConfirming(null);
      notify.success(t("admin:users.deleted", { username }));
      await revalidate();
    });

  const viewAs = () =>
    void run(async () => {
      const record = await startImpersonation(getBrowserClient(), user.id);
      notify.success(t("admin:impersonation.started", { username: String(record.username) }));
      notify.info(t("admin:users.viewAsRecorded", { username: String(record.username) }));
      await navigate(paths.home());
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      {manage ? (
        <>
          <form
            method="post"
            onSubmit={changeRole}
            className="flex items-center gap-1"
            aria-label={t("admin:users.changeRoleLabel", { username })}
          >
            <label htmlFor={roleId} className="sr-only">
              {t("admin:users.roleOf", { username })}
            </label>
            <select
              id={roleId}
              name="role"
              defaultValue={user.role}
              key={user.role}
              disabled={busy}
              className={`${inputClass} mt-0 w-auto py-1`}
            >
              {ROLES.map((role) => (
                <option key={role || "user"} value={role}>
                  {roleLabel(t, role)}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={busy}
              aria-label={t("admin:users.changeRoleLabel", { username })}
              className={`${smallButton} ${TONES.plain}`}
            >
              {t("admin:users.changeRole")}
            </button>
          </form>
          {!user.verified && isSuperuser(viewer) && (
            <RowButton
              busy={busy}
              onClick={markVerified}
              label={t("admin:users.markVerifiedLabel", { username })}
              tone="plain"
              icon={CheckCircle}
            >
              {t("admin:users.markVerified")}
            </RowButton>
          )}
          {user.email && (
            <RowButton
              busy={busy}
              onClick={sendReset}
              label={t("admin:users.sendResetLabel", { username })}
              tone="plain"
              icon={KeyRound}
            >
              {t("admin:users.sendReset")}
            </RowButton>
          )}
          {user.suspended ? (
            <RowButton
              busy={busy}
              onClick={() => {
                setSuspended(false);
              }}
              label={t("admin:users.unsuspendLabel", { username })}
              tone="plain"
              icon={Undo2}
            >
              {t("admin:users.unsuspend")}
            </RowButton>
          ) : (
            <RowButton
              busy={busy}
              onClick={() => {
                setConfirming("suspend");
              }}
              label={t("admin:users.suspendLabel", { username })}
              tone="danger"
              icon={Ban}
            >
              {t("admin:users.suspend")}
            </RowButton>
          )}
          <RowButton
            busy={busy}
            onClick={() => {
              setConfirming("delete");
            }}
            label={t("admin:users.deleteLabel", { username })}
            tone="danger"
            icon={Trash}
          >
            {t("admin:users.delete")}
          </RowButton>
          <ConfirmDialog
            open={confirming === "suspend"}
            busy={busy}
            destructive
            title={t("admin:users.suspendTitle", { username })}
            confirmLabel={t("admin:users.suspendConfirm", { username })}
            cancelLabel={t("admin:users.cancel")}
            onConfirm={() => {
              setSuspended(true);
            }}
            onCancel={() => {
              setConfirming(null);
            }}
          >
            <p className="wrap-anywhere">{t("admin:users.suspendBody", { username })}</p>
          </ConfirmDialog>
          <ConfirmDialog
            open={confirming === "delete"}
            busy={busy}
            destructive
            title={t("admin:users.deleteTitle", { username })}
            confirmLabel={t("admin:users.deleteConfirm", { username })}
            cancelLabel={t("admin:users.cancel")}
            onConfirm={remove}
            onCancel={() => {
              setConfirming(null);
            }}
          >
            <p className="wrap-anywhere">
              {t("admin:users.deleteBody", {
                username,
                name: user.name || username,
                email: user.email || "—",
              })}
            </p>
          </ConfirmDialog>
        </>
      ) : (
        user.id !== viewer.id && (
          <span className="text-sm text-stone-700">{t("admin:users.adminProtected")}</span>
        )
      )}
      {isSuperuser(viewer) && (
        <RowButton
          busy={busy}
          onClick={viewAs}
          label={t("admin:users.viewAsLabel", { username })}
          tone="impersonate"
          icon={Eye}
        >
          {t("admin:users.viewAs")}
        </RowButton>
      )}
    </div>
  );
}
