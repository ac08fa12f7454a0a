/**
 * Redis: this instance's connections, made and closed in one place (at most two: commands and
 * publishing on one, subscribing on the other; ADR 057). The module's only public entry.
 */
export {
  COMMAND_TIMEOUT_MS,
  FIRST_CONNECTION_WAIT_MS,
  RedisConnections,
  type RedisCommands,
  type RedisConnectionKind,
  type RedisConnectionsOptions,
} from "./redis-connections.ts";
