/**
 * Realtime (ADR 021) as a module: this instance's SSE clients, how committed changes reach
 * every instance's clients (in process, or on the bus with `REDIS_URL`, ADR 057), and the routes
 * (`/api/realtime`, and `/api/oauth2-redirect`, which answers a realtime client).
 */
import { createFanout, type ChangeFanout } from "../core/realtime/change-fanout.ts";
import { RealtimeBroker } from "../core/realtime/realtime-broker.ts";
import { registerOAuth2RedirectRoutes } from "../http/realtime/oauth2-redirect.ts";
import { registerRealtimeRoutes } from "../http/realtime/realtime.ts";
import type { Kernel } from "../kernel/module.ts";

/** What the realtime module makes. */
export interface RealtimeParts {
  realtime: RealtimeBroker;
  fanout: ChangeFanout;
}

/** Makes the broker and the fan-out; `serialize` writes the API's JSON. */
export function realtimeModule(
  kernel: Kernel,
  serialize: (payload: unknown) => string,
): RealtimeParts {
  const { config, records, log, lifecycle, bus, settings } = kernel;
  const report = (level: "debug" | "info" | "warn" | "error", message: string, error: unknown) => {
    log[level]({ err: error }, message);
  };
  const realtime = lifecycle.add(
    new RealtimeBroker(records, { limits: config.realtime, log: report }),
    {
      name: "realtime",
      // Closing the HTTP server ends every stream (its preClose hook); this waits for them.
      close: (broker) => broker.settled(),
    },
  );
  const fanout = createFanout({ bus, events: records.events, broker: realtime, log: report });
  lifecycle.add(fanout, { name: "realtime fan-out", close: (part) => part.close() });
  kernel.routes.push((app) => {
    registerRealtimeRoutes(app, realtime, serialize);
    registerOAuth2RedirectRoutes(app, realtime, () => settings.appName);
  });
  return { realtime, fanout };
}
