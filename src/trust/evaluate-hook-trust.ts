import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { SuggestCommand } from "../shared/format-agent-hooks-command.js";
import { formatCommand } from "../shell/quote-shell-word.js";
import { prepareHookScripts } from "./find-hook-scripts.js";
import { hashHookDefinition, identifyHook } from "./hash-hook-definition.js";
import type { NotHashedWord } from "./resolve-hook-script.js";
import { findTrustEntry, type TrustStore } from "./trust-store.js";

/**
 * Whether a hook may run:
 * - `trusted`: its current hash was trusted by the user;
 * - `untrusted`: never reviewed; skipped;
 * - `modified`: trusted at another hash (its definition or script changed); skipped;
 * - `managed`: trusted by administrator policy; cannot be disabled;
 * - `disabled`: turned off by the user; skipped;
 * - `bypassed`: untrusted or modified, but run because trust is bypassed for this invocation;
 * - `none`: the profile has no hook trust.
 */
export type HookTrustState =
  | "trusted"
  | "untrusted"
  | "modified"
  | "managed"
  | "disabled"
  | "bypassed"
  | "none";

/** A hook's id, current hash (null when its profile has no trust) and trust state. */
export interface HookTrust {
  id: string;
  hash: string | null;
  state: HookTrustState;
  /**
   * The words of its command that may name code whose files cannot be known before it runs, so
   * are not hashed (a replaced file goes unnoticed), each with the reason; absent when none.
   */
  notHashed?: readonly NotHashedWord[];
  /** The files its hash covers (absent for profiles without trust). */
  files?: readonly string[];
  /** The key of its script resolution (see `prepareHookScripts`), remembered when it is trusted. */
  resolutionKey?: string;
}

/** How to evaluate trust: bypass it for this invocation, and where scripts are resolved. */
export interface EvaluateHookTrustOptions {
  /** Run untrusted and modified hooks anyway (`--dangerously-bypass-hook-trust`). */
  bypass?: boolean;
  cwd: string;
  home: string;
  /** Variables the engine sets to the session cwd (the profile's `projectDirectoryVariables`). */
  projectDirectoryVariables?: readonly string[];
  /** The profile's shell: `sh` commands are read as bash and as POSIX sh. */
  shell?: "sh" | "bash";
}

/** Whether a hook in this state runs. */
export function isRunnableTrustState(state: HookTrustState): boolean {
  return state !== "untrusted" && state !== "modified" && state !== "disabled";
}

/**
 * Decides, for every definition, whether it may run: `trust: "none"` → `none`; `managed` →
 * `managed` (a disabled entry for it is ignored); a disabled entry → `disabled`; the store's
 * trusted hash equal to the current one → `trusted`; a trusted entry at another hash →
 * `modified`; otherwise `untrusted`. With `bypass`, `untrusted` and `modified` become
 * `bypassed`. Never rejects.
 *
 * @example
 * const { store } = await readTrustStore(storeFile);
 * const trust = await evaluateHookTrust(definitions, store, { cwd, home });
 * const runnable = definitions.filter((d) => isRunnableTrustState(trust.get(d)!.state));
 */
export async function evaluateHookTrust(
  definitions: readonly HookDefinition[],
  store: TrustStore,
  options: EvaluateHookTrustOptions,
): Promise<Map<HookDefinition, HookTrust>> {
  const evaluated = await Promise.all(
    definitions.map(async (definition) => {
      const id = identifyHook(definition);
      if (definition.trust === "none") return { id, hash: null, state: "none" } as const;
      const where = {
        cwd: options.cwd,
        home: options.home,
        ...(options.projectDirectoryVariables !== undefined && {
          projectDirectoryVariables: options.projectDirectoryVariables,
        }),
        ...(options.shell !== undefined && { shell: options.shell }),
      };
      const prepared = prepareHookScripts(definition, where);
      // A resolution remembered at trust time under the same key stands in for parsing again,
      // while the files it hashed are unchanged: a lookup on disk (`node x` running `x.js`, a
      // package.json's `main`) looked only at those files, so it would find the same again.
      const entry = findTrustEntry(store, id);
      const remembered = entry?.resolution?.key === prepared.key ? entry.resolution : undefined;
      let resolution = remembered ?? prepared.resolve();
      let hash = await hashHookDefinition(definition, { ...where, files: resolution.files });
      if (remembered !== undefined && hash !== entry?.hash) {
        resolution = prepared.resolve();
        hash = await hashHookDefinition(definition, { ...where, files: resolution.files });
      }
      const { files, notHashed } = resolution;
      const state = decideState(definition, id, hash, store, options);
      return {
        id,
        hash,
        state,
        files,
        resolutionKey: prepared.key,
        ...(notHashed.length > 0 && { notHashed }),
      };
    }),
  );
  return new Map(
    definitions.map((definition, index) => [definition, evaluated[index] as HookTrust]),
  );
}

function decideState(
  definition: HookDefinition,
  id: string,
  hash: string,
  store: TrustStore,
  options: EvaluateHookTrustOptions,
): HookTrustState {
  if (definition.trust === "managed") return "managed";
  const entry = findTrustEntry(store, id);
  if (entry?.state === "disabled") return "disabled";
  let state: HookTrustState = "untrusted";
  if (entry?.state === "trusted") state = entry.hash === hash ? "trusted" : "modified";
  return options.bypass === true && state !== "trusted" ? "bypassed" : state;
}

/**
 * Why a hook was skipped and the command that fixes it (written by `suggest` from its arguments),
 * naming the hook by event, command, file and JSON path: `PreToolUse hook "python3 guard.py" is
 * not trusted and was skipped (~/.zerotwo/hooks.json hooks.PreToolUse[0].hooks[0]); review it
 * with "agent-hooks hooks review --profile zerocode" or trust it with "agent-hooks hooks trust
 * 3f9a0c12b4e7 --profile zerocode"`.
 */
export function describeUntrustedHook(
  definition: HookDefinition,
  trust: HookTrust,
  suggest: SuggestCommand,
): string {
  const subject = `${definition.event} hook ${JSON.stringify(formatCommand(definition.command))}`;
  const where = `(${definition.file} ${definition.path})`;
  const fix = (verb: string) => suggest(["hooks", verb, trust.id]);
  const review = suggest(["hooks", "review"]);
  switch (trust.state) {
    case "untrusted":
      return `${subject} is not trusted and was skipped ${where}; review it with "${review}" or trust it with "${fix("trust")}"`;
    case "modified":
      return `${subject} changed since it was trusted (its definition or script) and was skipped ${where}; review it with "${review}" or trust it again with "${fix("trust")}"`;
    case "disabled":
      return `${subject} is disabled and was skipped ${where}; enable it with "${fix("enable")}"`;
    case "bypassed":
      return `${subject} is not trusted but runs because hook trust is bypassed for this invocation ${where}`;
    default:
      return `${subject} is ${trust.state} ${where}`;
  }
}

/**
 * The diagnostic for a hook that is skipped for trust (`hook_untrusted`, `hook_modified` or
 * `hook_disabled`, a warning at the hook's file and path), or null when it runs.
 */
export function createHookTrustDiagnostic(
  definition: HookDefinition,
  trust: HookTrust,
  suggest: SuggestCommand,
): Diagnostic | null {
  const code =
    trust.state === "untrusted"
      ? "hook_untrusted"
      : trust.state === "modified"
        ? "hook_modified"
        : trust.state === "disabled"
          ? "hook_disabled"
          : null;
  if (code === null) return null;
  return createDiagnostic(code, "warning", describeUntrustedHook(definition, trust, suggest), {
    file: definition.file,
    path: definition.path,
  });
}

/**
 * The single `hooks_need_review` warning for engine creation: how many hooks are untrusted or
 * modified and how to review them; null when none are.
 */
export function createHooksNeedReviewDiagnostic(
  trust: ReadonlyMap<HookDefinition, HookTrust>,
  suggest: SuggestCommand,
): Diagnostic | null {
  const count = [...trust.values()].filter(
    (entry) => entry.state === "untrusted" || entry.state === "modified",
  ).length;
  if (count === 0) return null;
  const review = suggest(["hooks", "review"]);
  const list = suggest(["hooks", "list"]);
  const hooks = count === 1 ? "1 hook needs" : `${count} hooks need`;
  return createDiagnostic(
    "hooks_need_review",
    "warning",
    `${hooks} review before running; they are skipped until trusted. Run "${review}" (or "${list}")`,
  );
}
