/**
 * The devices list of `/profileSettings` (ADR 053): where the account is signed in (name,
 * address, first and last seen), "This device" for the browser's own, a superuser's "View as"
 * flagged, and sign-out buttons for one device or all the others, each confirmed. Read in
 * the browser, with the browser's own token, once the page is shown. A superuser viewing as
 * the account sees the list only (the API refuses their token the sign-outs).
 */
import { useCallback, useEffect, useState } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { parseApiDate } from "../../components/ui/formatted-date.tsx";
import {
  dangerOutlineButtonClass,
  SettingsSection,
} from "../../components/ui/settings-section.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { authToken } from "../../api/auth/auth-store.ts";
import {
  listDevices,
  signOutDevice,
  signOutOtherDevices,
  type DeviceRecord,
} from "../../api/auth/devices.ts";
import { onDevicesChanged } from "../../lib/session/devices-changed.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { localDeviceName, tokenDevice } from "./device-names.ts";

type Confirming = { kind: "one"; device: DeviceRecord } | { kind: "others" } | null;

/** The account's devices and the browser's own device id; null when they cannot be read. */
async function fetchDevices(): Promise<{ devices: DeviceRecord[]; current: string } | null> {
  const api = getBrowserClient();
  try {
    const devices = await listDevices(api);
    return { devices, current: tokenDevice(authToken(api)) };
  } catch {
    return null;
  }
}

/** An API date with its time, in the interface language and the browser's time zone. */
function DateTime({ value, locale }: { value: string; locale: string }) {
  const date = parseApiDate(value);
  if (!date) return null;
  const text = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
    date,
  );
  return <time dateTime={date.toISOString()}>{text}</time>;
}

/** The devices section. */
export function Devices() {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { locale, user } = useSession();
  const readOnly = user?.impersonated === true;
  const [devices, setDevices] = useState<DeviceRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [current, setCurrent] = useState("");
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback((result: Awaited<ReturnType<typeof fetchDevices>>) => {
    if (result) {
      setDevices(result.devices);
      setCurrent(result.current);
    }
    setFailed(result === null);
  }, []);

  useEffect(() => {
    let live = true;
    const read = () => {
      void fetchDevices().then((result) => {
        if (live) apply(result);
      });
    };
    read();
    // The password form signed the other devices out.
    const stop = onDevicesChanged(read);
    return () => {
      live = false;
      stop();
    };
  }, [apply]);

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    const api = getBrowserClient();
    try {
      if (confirming.kind === "one") {
        await signOutDevice(api, confirming.device.id);
        notify.success(t("devices:list.signedOut"));
      } else {
        await signOutOtherDevices(api);
        notify.success(t("devices:list.signedOutOthers"));
      }
      setConfirming(null);
      apply(await fetchDevices());
    } catch (error) {
      notify.requestError(error);
    } finally {
      setBusy(false);
    }
  }

  const others = (devices ?? []).filter((d) => d.id !== current);
  const confirmName = confirming?.kind === "one" ? localDeviceName(confirming.device.name, t) : "";
  return (
    <div id="devices" className="scroll-mt-20">
      <SettingsSection title={t("devices:list.heading")} intro={t("devices:list.intro")}>
        {devices === null ? (
          <p role="status" className="text-stone-700">
            {failed ? t("devices:list.loadFailed") : t("devices:list.loading")}
          </p>
        ) : devices.length === 0 ? (
          <p className="text-stone-700">{t("devices:list.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("devices:list.heading")}>
            {devices.map((device) => {
              const name = localDeviceName(device.name, t);
              const mine = device.id === current;
              return (
                <li
                  key={device.id}
                  data-device={device.id}
                  className="flex flex-wrap items-start justify-between gap-3 rounded border border-stone-200 p-4"
                >
                  <div className="min-w-0 grid gap-1">
                    <p className="font-semibold break-words text-stone-900">
                      {name}
                      {mine && (
                        <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900">
                          {t("devices:list.thisDevice")}
                        </span>
                      )}
                      {device.impersonatedBy && (
                        <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
                          {t("devices:list.superuserAccess")}
                        </span>
                      )}
                    </p>
                    {device.impersonatedBy && (
                      <p className="text-sm text-stone-700">
                        {t("devices:list.superuserAccessHint")}
                      </p>
                    )}
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
                      <dt>{t("devices:list.ip")}</dt>
                      <dd className="break-all">{device.ip || "—"}</dd>
                      <dt>{t("devices:list.firstSeen")}</dt>
                      <dd>
                        <DateTime value={device.created} locale={locale} />
                      </dd>
                      <dt>{t("devices:list.lastSeen")}</dt>
                      <dd>
                        <DateTime value={device.lastSeen} locale={locale} />
                      </dd>
                    </dl>
                  </div>
                  {!mine && !readOnly && (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      aria-label={t("devices:list.signOutLabel", { name })}
                      onClick={() => {
                        setConfirming({ kind: "one", device });
                      }}
                    >
                      {t("devices:list.signOut")}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {readOnly ? (
          <p className="text-sm text-stone-700">{t("devices:list.viewAsNotice")}</p>
        ) : (
          others.length > 0 && (
            <div>
              <button
                type="button"
                className={dangerOutlineButtonClass}
                onClick={() => {
                  setConfirming({ kind: "others" });
                }}
              >
                {t("devices:list.signOutOthers")}
              </button>
            </div>
          )
        )}
      </SettingsSection>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.kind === "others"
            ? t("devices:list.signOutOthersTitle")
            : t("devices:list.signOutTitle")
        }
        confirmLabel={
          confirming?.kind === "others"
            ? t("devices:list.signOutOthers")
            : t("devices:list.signOut")
        }
        cancelLabel={t("devices:list.cancel")}
        destructive
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(null);
        }}
      >
        <p>
          {confirming?.kind === "others"
            ? t("devices:list.signOutOthersBody")
            : t("devices:list.signOutBody", { name: confirmName })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
