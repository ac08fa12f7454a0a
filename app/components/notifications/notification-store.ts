/**
 * The notifications of one tab (spec §2, §9): each shows for 6000 ms, a notification equal
 * to one still shown (same type and message) is ignored, and a click closes one. A plain
 * store, so its rules are testable without a browser; React reads it with
 * `useSyncExternalStore`.
 */

/** Kinds of notification; `error` ones are red and announced assertively. */
export type NotificationType = "success" | "info" | "error";

/** One notification on screen. */
export interface AppNotification {
  id: number;
  type: NotificationType;
  message: string;
}

/** How long a notification stays (spec §9). */
export const NOTIFICATION_DURATION_MS = 6000;

/** At most this many notifications show at once; the oldest leaves for a new one. */
export const MAX_NOTIFICATIONS = 5;

/** Timer functions of the store (the browser's, or fake ones in tests). */
export interface StoreTimers {
  setTimeout: (task: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

/** The notification store. */
export interface NotificationStore {
  /** Shows a notification; returns its id, or the id of the equal one already shown. */
  notify(type: NotificationType, message: string): number;
  /** Closes a notification (no-op when it is gone). */
  dismiss(id: number): void;
  /** Stops a notification's countdown (while it has keyboard focus). */
  pause(id: number): void;
  /** Resumes a paused countdown with the time it had left. */
  resume(id: number): void;
  /** Closes every notification. */
  clear(): void;
  /** The notifications shown, oldest first (a new array after each change). */
  getSnapshot: () => readonly AppNotification[];
  /** Calls `listener` after each change; returns an unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

interface Entry {
  notification: AppNotification;
  timer: unknown;
  /** When the countdown ends (while running). */
  deadline: number;
  /** Time left while paused, `null` while running. */
  remaining: number | null;
}

const EMPTY: readonly AppNotification[] = Object.freeze([]);

/** Creates a store. */
export function createNotificationStore(
  timers: StoreTimers,
  duration = NOTIFICATION_DURATION_MS,
): NotificationStore {
  const entries = new Map<number, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: readonly AppNotification[] = EMPTY;
  let nextId = 1;

  const emit = () => {
    snapshot = entries.size ? [...entries.values()].map((entry) => entry.notification) : EMPTY;
    for (const listener of listeners) listener();
  };

  const remove = (id: number): boolean => {
    const entry = entries.get(id);
    if (!entry) return false;
    if (entry.remaining === null) timers.clearTimeout(entry.timer);
    entries.delete(id);
    return true;
  };

  const startTimer = (entry: Entry, ms: number) => {
    entry.deadline = timers.now() + ms;
    entry.remaining = null;
    entry.timer = timers.setTimeout(() => {
      if (remove(entry.notification.id)) emit();
    }, ms);
  };

  return {
    notify(type, message) {
      for (const entry of entries.values()) {
        const shown = entry.notification;
        if (shown.type === type && shown.message === message) return shown.id;
      }
      const entry: Entry = {
        notification: { id: nextId++, type, message },
        timer: undefined,
        deadline: 0,
        remaining: null,
      };
      entries.set(entry.notification.id, entry);
      startTimer(entry, duration);
      while (entries.size > MAX_NOTIFICATIONS) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      emit();
      return entry.notification.id;
    },
    dismiss(id) {
      if (remove(id)) emit();
    },
    pause(id) {
      const entry = entries.get(id);
      if (!entry || entry.remaining !== null) return;
      timers.clearTimeout(entry.timer);
      entry.remaining = Math.max(entry.deadline - timers.now(), 0);
    },
    resume(id) {
      const entry = entries.get(id);
      if (!entry || entry.remaining === null) return;
      startTimer(entry, entry.remaining);
    },
    clear() {
      if (entries.size === 0) return;
      for (const id of [...entries.keys()]) remove(id);
      emit();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
