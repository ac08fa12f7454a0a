/**
 * yaml, loaded with the first front matter read or written: only imports and exports need it
 * (issue 30, memory at rest). Synchronous (its CommonJS build).
 */
import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let yamlModule: typeof Yaml | undefined;

/** The yaml module. */
export function loadYaml(): typeof Yaml {
  yamlModule ??= createRequire(import.meta.url)("yaml") as typeof Yaml;
  return yamlModule;
}
