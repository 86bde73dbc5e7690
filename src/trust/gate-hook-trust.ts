import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import type { Profile } from "../profiles/profile.js";
import { expandHome } from "../shared/expand-home.js";
import type { SuggestCommand } from "../shared/format-agent-hooks-command.js";
import type { HookTrust, HookTrustState } from "./evaluate-hook-trust.js";
import type { NotHashedWord } from "./resolve-hook-script.js";

/** Where the engine runs, how to write the commands diagnostics suggest, and bypass. */
export interface TrustGateOptions {
  cwd: string;
  home: string;
  bypass: boolean;
  suggestCommand: SuggestCommand;
}

/** Decides, before each run, whether a hook may run under the profile's trust rules. */
export interface TrustGate {
  /** Load-time diagnostics: a corrupt store, how many hooks need review. */
  diagnostics: Diagnostic[];
  /** Why a hook must not run (untrusted, modified, disabled), or null. */
  refuse(hook: CompiledHook): Diagnostic | null;
  /** Just before a run: refuses a trusted hook whose script changed since the engine loaded. */
  verify(hook: CompiledHook): Promise<Diagnostic | null>;
  /** A hook's trust state as evaluated at load (`none` for profiles without trust). */
  stateOf(definition: HookDefinition): HookTrustState;
  /** The words of a hook's command that trust cannot hash, with why (see `HookTrust.notHashed`). */
  notHashedOf(definition: HookDefinition): readonly NotHashedWord[];
}

/** The gate of a profile without hook trust: it refuses nothing and hashes nothing. */
export const openTrustGate: TrustGate = Object.freeze({
  diagnostics: [],
  refuse: () => null,
  verify: async () => null,
  stateOf: () => "none",
  notHashedOf: () => [],
});

/**
 * Reads the trust store once and evaluates every hook; profiles without trust get a gate
 * that lets everything run.
 */
export async function createTrustGate(
  profile: Profile,
  definitions: readonly HookDefinition[],
  options: TrustGateOptions,
): Promise<TrustGate> {
  if (profile.trust === null) return openTrustGate;
  // Loaded only for profiles with hook trust: a cold start of the others skips them.
  const [
    {
      createHooksNeedReviewDiagnostic,
      createHookTrustDiagnostic,
      evaluateHookTrust,
      isRunnableTrustState,
    },
    { hashHookDefinition },
    { readTrustStore },
  ] = await Promise.all([
    import("./evaluate-hook-trust.js"),
    import("./hash-hook-definition.js"),
    import("./trust-store.js"),
  ]);
  const read = await readTrustStore(expandHome(profile.trust.storeFile, options.home));
  const where = {
    cwd: options.cwd,
    home: options.home,
    projectDirectoryVariables: profile.projectDirectoryVariables,
    shell: profile.shell,
  };
  const states = await evaluateHookTrust(definitions, read.store, {
    ...where,
    bypass: options.bypass,
  });
  const diagnostics = [...read.diagnostics];
  const review = createHooksNeedReviewDiagnostic(states, options.suggestCommand);
  if (review !== null) diagnostics.push(review);
  const bypassed = [...states.values()].filter((trust) => trust.state === "bypassed").length;
  if (bypassed > 0) {
    diagnostics.push(
      createDiagnostic(
        "trust_bypassed",
        "warning",
        `${bypassed} hook${bypassed === 1 ? "" : "s"} without persisted trust run because hook trust is bypassed for this engine (--dangerously-bypass-hook-trust)`,
      ),
    );
  }
  return {
    diagnostics,
    refuse(hook) {
      const trust = states.get(hook.definition);
      if (trust === undefined || isRunnableTrustState(trust.state)) return null;
      return createHookTrustDiagnostic(hook.definition, trust, options.suggestCommand);
    },
    async verify(hook) {
      const trust = states.get(hook.definition);
      if (trust === undefined || trust.state !== "trusted") return null;
      // Swapping a trusted script after load must not run the new one; nor may what the
      // resolution depends on outside the files (the git root: a new core.worktree) move.
      if (trust.resolutionKey !== undefined) {
        const { prepareHookScripts } = await import("./find-hook-scripts.js");
        if (prepareHookScripts(hook.definition, where).key !== trust.resolutionKey) {
          const modified: HookTrust = { ...trust, state: "modified" };
          return createHookTrustDiagnostic(hook.definition, modified, options.suggestCommand);
        }
      }
      const files = trust.files;
      const current = await hashHookDefinition(hook.definition, {
        ...where,
        ...(files !== undefined && { files }),
      });
      if (current === trust.hash) return null;
      const modified: HookTrust = { ...trust, state: "modified" };
      return createHookTrustDiagnostic(hook.definition, modified, options.suggestCommand);
    },
    stateOf(definition) {
      return states.get(definition)?.state ?? "none";
    },
    notHashedOf(definition) {
      return states.get(definition)?.notHashed ?? [];
    },
  };
}
