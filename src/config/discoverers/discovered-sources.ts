import type { Diagnostic } from "../../diagnostic.js";
import type { ConfigSource } from "../discover-config-files.js";

/** What discovery found: the hook sources to parse, problems met on the way, and the hooks feature. */
export interface DiscoveredSources {
  /** Hook sources in configuration order; a source with a `document` needs no further reading. */
  sources: ConfigSource[];
  diagnostics: Diagnostic[];
  /** False when `[features] hooks = false` turns hooks off (then `sources` is empty). */
  hooksEnabled: boolean;
}
