import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { findEventSpec } from "../profiles/find-event-spec.js";
import type { Profile } from "../profiles/profile.js";
import { selectProfileDialect } from "../profiles/select-profile-dialect.js";
import { loadDialectParser } from "./dialects/dialect-parsers.js";
import type { ConfigSource } from "./discover-config-files.js";
import { findClaudePluginRoot } from "./discoverers/find-claude-plugin-root.js";
import type { HookDefinition } from "./hook-definition.js";

/** Whose lifetime a scoped hook set lives for: a skill's or a subagent's. */
export type HookScope = "skill" | "subagent";

/** The scopes, for checking a value a host passes. */
export const hookScopes = ["skill", "subagent"] as const satisfies readonly HookScope[];

/** A skill's or subagent's hooks to parse: the `hooks` value of its frontmatter and whose it is. */
export interface ScopedHookSource {
  scope: HookScope;
  /** The skill or subagent name; the layer is `<scope>:<name>`. */
  name: string;
  /** The file diagnostics and definitions name (the `SKILL.md` or agent file, or the host's label). */
  file: string;
  /** Whether `file` is a real file (a Claude Code plugin's file gets `CLAUDE_PLUGIN_ROOT`). */
  fileExists: boolean;
  /** The hooks as written: an object keyed by event, in the shape of settings' `hooks`. */
  hooks: unknown;
}

/** A scoped set's handlers, normalized, with the diagnostics met on the way. */
export interface ParsedScopedHooks {
  /** `<scope>:<name>`, the layer every definition carries. */
  layer: string;
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
}

/**
 * Parses a skill's or subagent's hooks with the profile's dialect, as settings hooks are parsed
 * (paths start at `hooks`), then applies the scope's rules: in a subagent, an event the profile
 * runs as another for subagents (`Stop`) registers as that one (`SubagentStop`); `once` is kept
 * for skills only; `persistent` is turned off (a scoped handler's process would outlive it).
 * Never throws: every problem is a diagnostic naming the file and the JSON path.
 *
 * @example
 * ```ts
 * const parsed = await parseScopedHooks(
 *   { scope: "subagent", name: "reviewer", file, fileExists: true, hooks },
 *   claudeProfile,
 * );
 * console.log(parsed.definitions.map((definition) => definition.event)); // ["SubagentStop"]
 * ```
 */
export async function parseScopedHooks(
  source: ScopedHookSource,
  profile: Profile,
): Promise<ParsedScopedHooks> {
  const layer = `${source.scope}:${source.name}`;
  const parsed: ParsedScopedHooks = { layer, definitions: [], diagnostics: [] };
  if (source.hooks === undefined) return parsed;
  const dialect = selectProfileDialect(profile);
  const parser = await loadDialectParser(dialect);
  if (parser === undefined) {
    parsed.diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "error",
        `${profile.title} has no configuration dialect "${dialect}" to read scoped hooks with`,
        { file: source.file },
      ),
    );
    return parsed;
  }
  const pluginRoot =
    dialect === "claude" && source.fileExists ? findClaudePluginRoot(source.file) : null;
  const configSource: ConfigSource = {
    file: source.file,
    layer,
    dialect,
    explicit: true,
    trust: profile.trust === null ? "none" : "review",
    document: { hooks: source.hooks },
    // A plugin's skills and agents reach their files through ${CLAUDE_PLUGIN_ROOT}, as its hooks do.
    ...(pluginRoot !== null && { env: { CLAUDE_PLUGIN_ROOT: path.resolve(pluginRoot) } }),
  };
  const result = parser(configSource.document, configSource, profile);
  parsed.diagnostics.push(...result.diagnostics);
  const report = (definition: HookDefinition, field: string, message: string) => {
    parsed.diagnostics.push(
      createDiagnostic("unsupported_field", "warning", message, {
        file: definition.file,
        path: `${definition.path}.${field}`,
      }),
    );
  };
  for (const definition of result.definitions) {
    const scoped: HookDefinition = { ...definition };
    const renamed = source.scope === "subagent" ? subagentEventOf(profile, definition.event) : null;
    if (renamed !== null) {
      // Its groups follow the subagent event's own groups, so handler ids stay unique.
      scoped.event = renamed;
      scoped.groupIndex = definition.groupIndex + (result.groupCounts[renamed] ?? 0);
    }
    if (scoped.once !== undefined && source.scope !== "skill") {
      report(definition, "once", `"once" applies only to skill hooks; it is ignored here`);
      delete scoped.once;
    }
    if (scoped.persistent) {
      report(
        definition,
        "persistent",
        `"persistent": true is not supported in ${source.scope} hooks (the process would outlive the ${source.scope}); the handler starts once per event`,
      );
      scoped.persistent = false;
    }
    parsed.definitions.push(scoped);
  }
  return parsed;
}

// The event a subagent's hook registers as: Claude Code turns a subagent's Stop into SubagentStop.
function subagentEventOf(profile: Profile, event: string): string | null {
  const subagentEvent = findEventSpec(profile, event)?.subagentEvent;
  return subagentEvent !== undefined && findEventSpec(profile, subagentEvent) !== undefined
    ? subagentEvent
    : null;
}
