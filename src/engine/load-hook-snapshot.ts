import { applyHttpHookPolicy } from "../config/apply-http-hook-policy.js";
import { checkHandlerTypes } from "../config/check-handler-types.js";
import type { HandlerType, HookDefinition } from "../config/hook-definition.js";
import { type LoadedConfig, loadConfig } from "../config/load-config.js";
import type { Diagnostic } from "../diagnostic.js";
import { type CompiledHooks, compileHooks } from "../match/compile-hooks.js";
import { type HookNameIndex, indexHooksByName } from "../match/index-hooks-by-name.js";
import type { Profile } from "../profiles/profile.js";
import { createCommandSuggester } from "../shared/format-agent-hooks-command.js";
import { createTrustGate, openTrustGate, type TrustGate } from "../trust/gate-hook-trust.js";

/** Where a snapshot is loaded from, and whether hook trust is bypassed. */
export interface SnapshotOptions {
  cwd: string;
  home: string;
  /** Files read instead of the profile's discovery. */
  configFiles?: readonly string[] | undefined;
  systemDir?: string | undefined;
  managedSettings?: string | undefined;
  bypassHookTrust?: boolean | undefined;
  /** Whether `--home` was given, so trust messages name it in the commands they suggest. */
  homeGiven?: boolean | undefined;
  /**
   * The handler types the host can run (`prompt` needs `evaluatePrompt`, …); others are dropped
   * with a diagnostic. Absent: every type is kept (configuration checks, listings).
   */
  runnableHandlerTypes?: ReadonlySet<HandlerType> | undefined;
  /** False: no trust gate (`validate` checks configuration, not trust); default true. */
  trust?: boolean | undefined;
}

/** A profile's hook configuration as loaded once: definitions, compiled matchers, trust. */
export interface HookSnapshot {
  /** The configuration files read, in order. */
  sources: LoadedConfig["sources"];
  definitions: readonly HookDefinition[];
  excluded: LoadedConfig["excluded"];
  compiled: CompiledHooks;
  /** Each event's hooks indexed by the names their matchers select. */
  indexes: ReadonlyMap<string, HookNameIndex>;
  trustGate: TrustGate;
  /** False when configuration turns hooks off (`[features] hooks = false`, `disableAllHooks`). */
  hooksEnabled: boolean;
  /** Load, compile and trust diagnostics, in that order. */
  diagnostics: Diagnostic[];
  /** The load stage's diagnostics alone (discovery and parsing), the first of `diagnostics`. */
  configDiagnostics: Diagnostic[];
  /** Claude Code's http hook policy, for hooks added later (skill and subagent hooks): `applyHttpHookPolicy`. */
  httpHookPolicy?: LoadedConfig["httpHookPolicy"];
}

/**
 * Runs the load stage of the pipeline once: discovers and parses the configuration, compiles
 * matchers, indexes hooks by name and prepares the trust gate.
 *
 * @example
 * ```ts
 * const snapshot = await loadHookSnapshot(profile, { cwd, home });
 * console.log(snapshot.diagnostics);
 * ```
 */
export async function loadHookSnapshot(
  profile: Profile,
  options: SnapshotOptions,
): Promise<HookSnapshot> {
  const { cwd, home } = options;
  const loaded = await loadConfig(profile, {
    home,
    cwd,
    configFiles: options.configFiles,
    ...(options.systemDir !== undefined && { systemDir: options.systemDir }),
    ...(options.managedSettings !== undefined && { managedSettings: options.managedSettings }),
  });
  // Claude Code's allowedHttpHookUrls and httpHookAllowedEnvVars, from every settings file.
  const policed = applyHttpHookPolicy(loaded.definitions, loaded.httpHookPolicy);
  const checked = checkHandlerTypes(policed.definitions, profile, options.runnableHandlerTypes);
  const configDiagnostics = [...loaded.diagnostics, ...policed.diagnostics, ...checked.diagnostics];
  const compiled = compileHooks(checked.definitions, profile);
  const indexes = new Map(
    [...compiled.byEvent].map(([event, hooks]) => [event, indexHooksByName(hooks)]),
  );
  const trustGate =
    options.trust === false
      ? openTrustGate
      : await createTrustGate(profile, checked.definitions, {
          cwd,
          home,
          bypass: options.bypassHookTrust === true,
          suggestCommand: createCommandSuggester({
            profile: profile.name,
            ...(options.homeGiven === true && { home }),
            ...(options.systemDir !== undefined && { systemDir: options.systemDir }),
          }),
        });
  return {
    sources: loaded.sources,
    definitions: checked.definitions,
    excluded: loaded.excluded,
    compiled,
    indexes,
    trustGate,
    hooksEnabled: loaded.hooksEnabled,
    diagnostics: [...configDiagnostics, ...compiled.diagnostics, ...trustGate.diagnostics],
    configDiagnostics,
    ...(loaded.httpHookPolicy !== undefined && { httpHookPolicy: loaded.httpHookPolicy }),
  };
}
