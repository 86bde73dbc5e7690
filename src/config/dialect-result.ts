import type { Diagnostic } from "../diagnostic.js";
import type { Profile } from "../profiles/profile.js";
import type { ConfigSource } from "./discover-config-files.js";
import type { HookDefinition } from "./hook-definition.js";

/** What a dialect parser returns for one file: normalized handlers plus diagnostics. */
export interface DialectResult {
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
  /** Matcher groups seen per event (valid or not), so group indexes stay unique across files. */
  groupCounts: Record<string, number>;
}

/** Turns a parsed document into handler definitions; never throws on bad input. */
export type DialectParser = (
  document: unknown,
  source: ConfigSource,
  profile: Profile,
) => DialectResult;
