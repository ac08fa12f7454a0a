/**
 * Notifications (spec §2 "Shared shell", §9): bottom centre, 6000 ms each, duplicates
 * ignored, errors in red, a click (or Enter, Space, Escape) closes one. Pages report
 * outcomes with {@link useNotify}:
 *
 * ```tsx
 * const notify = useNotify();
 * notify.success(t("shell:notifications.saved"));
 * notify.requestError(failure); // a ClientResponseError, translated
 * ```
 *
 * Screen readers hear them from two live regions that exist from the first render: errors
 * assertively (`role="alert"`), the others politely (`role="status"`). A notification keeps
 * its countdown paused while it has keyboard focus.
 */
import { createContext, useContext, useId, useMemo, useState, useSyncExternalStore } from "react";
import type { KeyboardEvent, ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import {
  createNotificationStore,
  type AppNotification,
  type NotificationStore,
  type NotificationType,
} from "./notification-store.ts";
import { requestErrorNotification } from "./request-error-message.ts";

const NotificationContext = createContext<NotificationStore | null>(null);

/** What {@link useNotify} returns. */
export interface Notify {
  /** A confirmation (saved, signed in…). */
  success(message: string): void;
  /** Neutral information. */
  info(message: string): void;
  /** A failure, in red. */
  error(message: string): void;
  /** A failed request, its message translated; nothing for a cancelled request. */
  requestError(error: unknown): void;
}

/** Shows notifications; needs a {@link NotificationProvider} above. */
export function useNotify(): Notify {
  const store = useContext(NotificationContext);
  if (!store) throw new Error("useNotify() needs a <NotificationProvider>");
  const { t } = useAppTranslation();
  return useMemo(
    () => ({
      success: (message) => void store.notify("success", message),
      info: (message) => void store.notify("info", message),
      error: (message) => void store.notify("error", message),
      requestError: (error) => {
        const message = requestErrorNotification(error, t);
        if (message) store.notify("error", message);
      },
    }),
    [store, t],
  );
}

const NO_NOTIFICATIONS: readonly AppNotification[] = [];

function browserStore(): NotificationStore {
  return createNotificationStore({
    setTimeout: (task, ms) => globalThis.setTimeout(task, ms),
    clearTimeout: (handle) => {
      globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    now: () => Date.now(),
  });
}

/** Provides {@link useNotify} and renders the notifications after its children. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [store] = useState(browserStore);
  return (
    <NotificationContext value={store}>
      {children}
      <NotificationViewport store={store} />
    </NotificationContext>
  );
}

const STYLES: Record<NotificationType, { className: string; Icon: typeof Info }> = {
  success: { className: "bg-emerald-800 text-white", Icon: CircleCheck },
  info: { className: "bg-stone-800 text-white", Icon: Info },
  error: { className: "bg-red-700 text-white", Icon: CircleAlert },
};

function NotificationItem(props: {
  notification: AppNotification;
  store: NotificationStore;
  hintId: string;
}) {
  const { notification, store, hintId } = props;
  const { className, Icon } = STYLES[notification.type];
  const close = () => {
    store.dismiss(notification.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };
  return (
    <li className="pointer-events-auto w-full max-w-md">
      <button
        type="button"
        onClick={close}
        onKeyDown={onKeyDown}
        onFocus={() => {
          store.pause(notification.id);
        }}
        onBlur={() => {
          store.resume(notification.id);
        }}
        aria-describedby={hintId}
        data-type={notification.type}
        className={`flex w-full items-start gap-3 rounded-md px-4 py-3 text-left text-sm font-medium shadow-lg transition-[opacity,translate] duration-150 ease-out starting:translate-y-2 starting:opacity-0 focus-visible:outline-stone-900 motion-reduce:transition-none ${className}`}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 flex-1 wrap-anywhere">{notification.message}</span>
        <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 opacity-80" />
      </button>
    </li>
  );
}

/** The notifications on screen, at the bottom centre of the window. */
export function NotificationViewport({ store }: { store: NotificationStore }) {
  const { t } = useAppTranslation();
  const hintId = useId();
  const notifications = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    () => NO_NOTIFICATIONS,
  );
  const errors = notifications.filter((n) => n.type === "error");
  const others = notifications.filter((n) => n.type !== "error");
  const list = (items: readonly AppNotification[]) =>
    items.length > 0 && (
      <ul className="flex w-full flex-col items-center gap-2">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            store={store}
            hintId={hintId}
          />
        ))}
      </ul>
    );
  return (
    <section
      aria-label={t("shell:notifications.label")}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-4 pb-4"
    >
      <span id={hintId} hidden>
        {t("shell:notifications.dismiss")}
      </span>
      <div role="alert" className="flex w-full flex-col items-center">
        {list(errors)}
      </div>
      <div role="status" className="flex w-full flex-col items-center">
        {list(others)}
      </div>
    </section>
  );
}
