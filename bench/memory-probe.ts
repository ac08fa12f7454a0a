/**
 * Preloaded into a benchmarked server (`node --expose-gc --import bench/memory-probe.ts …`,
 * started with an IPC channel): answers the bench's `bench:memory` message with the process's
 * memory after a full garbage collection, so per-connection costs are not blurred by garbage
 * waiting to be collected. The channel never keeps the server alive.
 */
import type { MemorySample } from "./processes.ts";

const collect = (globalThis as { gc?: () => void }).gc;

process.on("message", (message: unknown) => {
  if (message !== "bench:memory") return;
  collect?.();
  const usage = process.memoryUsage();
  const sample: MemorySample = {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
  };
  process.send?.({ type: "bench:memory", sample });
});
// Adding the listener refs the channel; the server must still exit on its own.
process.channel?.unref();
