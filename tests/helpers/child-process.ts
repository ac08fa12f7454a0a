/**
 * Small pieces every test helper that runs a child process needs: a free loopback port, a
 * connection probe, waiting for an exit, and killing children left running when the test
 * process exits. Used by the server, Redis and s3rver helpers, the browser suite's own
 * servers and the Playwright configuration.
 */
import type { ChildProcess } from "node:child_process";
import net from "node:net";

/** How a child process ended. */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A TCP port that is free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => {
        if (port) resolve(port);
        else reject(new Error("could not pick a free port"));
      });
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` right now. */
export async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      resolve(false);
    });
  });
}

/** Resolves once `child` has exited (at once when it already has). */
export function waitForExit(child: ChildProcess): Promise<ExitStatus> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
    });
  });
}

/** Children still alive, killed if the test process exits without cleaning up. */
const liveChildren = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of liveChildren) child.kill("SIGKILL");
});

/**
 * Marks `child` to be killed (SIGKILL) should the test process exit while it runs; it is
 * forgotten once it exits by itself.
 */
export function killOnExit(child: ChildProcess): void {
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
}
