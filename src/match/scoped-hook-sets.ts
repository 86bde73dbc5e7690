import { existsSync } from "node:fs";
import path from "node:path";
import { applyHttpHookPolicy } from "../config/apply-http-hook-policy.js";
import { checkHandlerTypes } from "../config/check-handler-types.js";
import type { HandlerType, HookDefinition } from "../config/hook-definition.js";
import type { HttpHookPolicy } from "../config/http-hook-policy.js";
import { type HookScope, hookScopes, parseScopedHooks } from "../config/parse-scoped-hooks.js";
import { readFrontmatterHooks } from "../config/read-frontmatter-hooks.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { DeduplicationRules, Profile } from "../profiles/profile.js";
import { type CompiledHook, type CompiledHooks, compileHooks } from "./compile-hooks.js";
import {
  type HookNameIndex,
  indexHooksByName,
  selectCandidateHooks,
} from "./index-hooks-by-name.js";
import type { PlannedHandler } from "./plan-handlers.js";

export type { HookScope } from "../config/parse-scoped-hooks.js";

/** What {@link ScopedHookSets.add} (`engine.addScopedHooks`) registers: a skill's or subagent's hooks. */
export interface ScopedHooksOptions {
  /** `skill`: hooks of a `SKILL.md`; `subagent`: hooks of an agent file (its `Stop` runs as `SubagentStop`). */
  scope: HookScope;
  /** The skill or subagent name; defaults to the frontmatter's `name`, else the file's name. */
  name?: string;
  /** A `SKILL.md` or agent `.md` file whose YAML frontmatter holds `hooks` (read now, once). */
  file?: string;
  /** The hooks themselves, in the shape of settings' `hooks` (instead of `file`). */
  hooks?: unknown;
  /** The file diagnostics name when `hooks` is given; defaults to `<scope>:<name>`. */
  source?: string;
  /**
   * Restricts the set to dispatches whose payload `agent_id` is this one (the subagent's own
   * events); without it, the set applies to every dispatch while it is active.
   */
  agentId?: string;
}

/** A scoped hook set while it is active, as `engine.addScopedHooks` returns it. */
export interface ScopedHookSet {
  /** `<scope>:<name>` (plus `@<agentId>`, and `#2`… while another set has the same id): its hooks' id prefix. */
  readonly id: string;
  /** The ids of its handlers (`<set id>/<event>:<group>:<handler>`), in configuration order. */
  readonly hookIds: readonly string[];
  /** Problems reading, parsing or compiling its hooks; the valid ones are active regardless. */
  readonly diagnostics: readonly Diagnostic[];
  /** Removes its hooks from later dispatches (handlers already running finish); safe to call twice. */
  remove(): void;
}

/** The active scoped sets as `explain` reads them: definitions and compiled hooks to merge. */
export interface ScopedHooksView {
  definitions: readonly HookDefinition[];
  compiled: CompiledHooks;
  diagnostics: readonly Diagnostic[];
}

/** The scoped hook sets of one engine, and what dispatch asks of them. */
export interface ScopedHookSets {
  /** Reads, parses and compiles a set, then makes it active; never throws. */
  add(options: ScopedHooksOptions): Promise<ScopedHookSet>;
  /** `configured` followed by the active sets' candidates for this call (the same array when none apply). */
  addCandidates(configured: readonly CompiledHook[], call: ScopedCall): readonly CompiledHook[];
  /** Drops `once` handlers that already ran in this session and claims the rest that run now. */
  claimOnce(planned: PlannedHandler[], session: string): PlannedHandler[];
  /** The profile's duplicate rule, with each scoped set kept apart (a skill's copy runs beside the settings' one). */
  readonly deduplicate: DeduplicationRules | null;
  /** The sets that apply to `payload` (its `agent_id`), for `explain`. */
  view(payload: Readonly<Record<string, unknown>>): ScopedHooksView;
}

/** What a scoped set is checked against, as the engine's configuration is at load. */
export interface ScopedHookSetsOptions {
  /** The handler types the host can run; others are dropped with a diagnostic (as at load). */
  runnableHandlerTypes?: ReadonlySet<HandlerType> | undefined;
  /** The settings' http hook policy (`allowedHttpHookUrls`, `httpHookAllowedEnvVars`), when known. */
  httpHookPolicy?: HttpHookPolicy | undefined;
}

/** The facts of one dispatch that select scoped candidates. */
export interface ScopedCall {
  event: string;
  /** The payload's match-field value, or undefined. */
  value: string | undefined;
  aliases: readonly string[];
  payload: Readonly<Record<string, unknown>>;
}

interface ActiveSet {
  id: string;
  agentId: string | null;
  definitions: readonly HookDefinition[];
  hooks: readonly CompiledHook[];
  indexes: ReadonlyMap<string, HookNameIndex>;
  diagnostics: readonly Diagnostic[];
}

// The payload field Claude Code names the agent an event belongs to.
const agentIdField = "agent_id";

/**
 * Creates the registry of skill and subagent hook sets for one engine: each set is parsed with
 * the profile's dialect, compiled once, and merged into dispatch (after the configured hooks)
 * from `add` until `remove`. The engine's own configuration is never changed.
 *
 * @example
 * ```ts
 * const scoped = createScopedHookSets(profile);
 * const skill = await scoped.add({ scope: "skill", file: ".claude/skills/deploy/SKILL.md" });
 * // … dispatches see the skill's hooks …
 * skill.remove();
 * ```
 */
export function createScopedHookSets(
  profile: Profile,
  options: ScopedHookSetsOptions = {},
): ScopedHookSets {
  const active: ActiveSet[] = [];
  // `once` handlers that ran, per session: `<layer>\0<file>\0<path>` (a set added again is the same).
  const onceRan = new Map<string, Set<string>>();
  const onceHooks = new WeakSet<CompiledHook>();
  // Whether any set ever had a `once` handler: most dispatches skip the check entirely.
  let hasOnceHooks = false;
  const deduplicate =
    profile.deduplicate === null
      ? null
      : {
          ...profile.deduplicate,
          separateLayerPrefixes: [
            ...profile.deduplicate.separateLayerPrefixes,
            ...hookScopes.map((scope) => `${scope}:`),
          ],
        };

  const applies = (set: ActiveSet, payload: Readonly<Record<string, unknown>>) =>
    set.agentId === null || payload[agentIdField] === set.agentId;

  return {
    deduplicate,
    async add(request) {
      const read = await readScopedHooks(request);
      const parsed = await parseScopedHooks(read.source, profile);
      // The checks the configuration gets at load: the http hook policy, then runnable types.
      const policed = applyHttpHookPolicy(parsed.definitions, options.httpHookPolicy);
      const checked = checkHandlerTypes(policed.definitions, profile, options.runnableHandlerTypes);
      const compiled = compileHooks(checked.definitions, profile);
      const agentId = request.agentId ?? null;
      const id = chooseSetId(
        `${parsed.layer}${agentId === null ? "" : `@${agentId}`}`,
        active.map((set) => set.id),
      );
      const compiledByDefinition = new Map(
        [...compiled.byEvent.values()].flat().map((hook) => [hook.definition, hook]),
      );
      const hooks = checked.definitions.flatMap((definition) => {
        const hook = compiledByDefinition.get(definition);
        if (hook === undefined) return [];
        const scoped: CompiledHook = { ...hook, id: `${id}/${hook.id}` };
        if (definition.once === true) {
          onceHooks.add(scoped);
          hasOnceHooks = true;
        }
        return [scoped];
      });
      const byEvent = new Map<string, CompiledHook[]>();
      for (const hook of hooks) {
        const list = byEvent.get(hook.definition.event);
        if (list === undefined) byEvent.set(hook.definition.event, [hook]);
        else list.push(hook);
      }
      const set: ActiveSet = {
        id,
        agentId,
        definitions: hooks.map((hook) => hook.definition),
        hooks,
        indexes: new Map([...byEvent].map(([event, list]) => [event, indexHooksByName(list)])),
        diagnostics: [
          ...read.diagnostics,
          ...parsed.diagnostics,
          ...policed.diagnostics,
          ...checked.diagnostics,
          ...compiled.diagnostics,
        ],
      };
      active.push(set);
      return {
        id,
        hookIds: hooks.map((hook) => hook.id),
        diagnostics: set.diagnostics,
        remove() {
          const position = active.indexOf(set);
          if (position !== -1) active.splice(position, 1);
        },
      };
    },
    addCandidates(configured, call) {
      if (active.length === 0) return configured;
      const added = active.flatMap((set) =>
        applies(set, call.payload)
          ? selectCandidateHooks(set.indexes.get(call.event), call.value, call.aliases)
          : [],
      );
      return added.length === 0 ? configured : [...configured, ...added];
    },
    claimOnce(planned, session) {
      if (!hasOnceHooks || !planned.some((entry) => onceHooks.has(entry.hook))) return planned;
      let ran = onceRan.get(session);
      if (ran === undefined) {
        ran = new Set();
        onceRan.set(session, ran);
      }
      const claimed = ran;
      return planned.filter((entry) => {
        if (!onceHooks.has(entry.hook)) return true;
        const { layer, file, path: at } = entry.hook.definition;
        const key = `${layer}\u0000${file}\u0000${at}`;
        if (claimed.has(key)) return false;
        // Claimed when planned, so a concurrent dispatch of the same session does not run it too.
        if (entry.skip === null) claimed.add(key);
        return true;
      });
    },
    view(payload) {
      const sets = active.filter((set) => applies(set, payload));
      const byEvent = new Map<string, CompiledHook[]>();
      for (const hook of sets.flatMap((set) => set.hooks)) {
        const list = byEvent.get(hook.definition.event);
        if (list === undefined) byEvent.set(hook.definition.event, [hook]);
        else list.push(hook);
      }
      const diagnostics = sets.flatMap((set) => set.diagnostics);
      return {
        definitions: sets.flatMap((set) => set.definitions),
        compiled: { byEvent, diagnostics },
        diagnostics,
      };
    },
  };
}

/** The set's source (file or given hooks) and the diagnostics of reading it. */
async function readScopedHooks(options: ScopedHooksOptions): Promise<{
  source: Parameters<typeof parseScopedHooks>[0];
  diagnostics: Diagnostic[];
}> {
  const diagnostics: Diagnostic[] = [];
  const scope: HookScope = hookScopes.includes(options.scope) ? options.scope : "skill";
  if (scope !== options.scope) {
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "error",
        `Unknown hook scope ${JSON.stringify(options.scope)} (scopes: ${hookScopes.join(", ")}); no hooks were added`,
      ),
    );
    const file = options.source ?? options.file ?? `${options.scope}:${options.name ?? ""}`;
    return {
      source: { scope, name: options.name ?? "", file, fileExists: false, hooks: undefined },
      diagnostics,
    };
  }
  if (options.file === undefined) {
    const name = options.name ?? "";
    const file = options.source ?? `${scope}:${name}`;
    if (name.trim() === "") diagnostics.push(missingName(scope, file));
    return {
      source: {
        scope,
        name,
        file,
        fileExists: options.source !== undefined && existsSync(file),
        hooks: options.hooks,
      },
      diagnostics,
    };
  }
  const file = path.resolve(options.file);
  const frontmatter = await readFrontmatterHooks(file);
  diagnostics.push(...frontmatter.diagnostics);
  if (options.hooks !== undefined) {
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "warning",
        "Both file and hooks were given; the hooks of the file are used",
        { file },
      ),
    );
  }
  const name = options.name ?? frontmatter.name ?? nameOfFile(file);
  return {
    source: { scope, name, file, fileExists: existsSync(file), hooks: frontmatter.hooks },
    diagnostics,
  };
}

function missingName(scope: HookScope, file: string): Diagnostic {
  return createDiagnostic(
    "invalid_config",
    "warning",
    `A ${scope} hook set without a file needs a name; its layer is "${scope}:"`,
    { file },
  );
}

// A skill is named after its folder (`skills/deploy/SKILL.md`), a subagent after its file.
function nameOfFile(file: string): string {
  const base = path.basename(file);
  return base.toLowerCase() === "skill.md"
    ? path.basename(path.dirname(file))
    : base.replace(/\.md$/i, "");
}

function chooseSetId(label: string, taken: readonly string[]): string {
  if (!taken.includes(label)) return label;
  let suffix = 2;
  while (taken.includes(`${label}#${suffix}`)) suffix += 1;
  return `${label}#${suffix}`;
}

/** The loaded state `explain` reads, as far as scoped hooks extend it. */
interface ExplainableHooks {
  profile: Profile;
  definitions: readonly HookDefinition[];
  compiled: CompiledHooks;
  diagnostics: readonly Diagnostic[];
}

/**
 * The engine's loaded state with the active scoped sets that apply to `payload` added after the
 * configured hooks (and scoped copies kept apart from duplicates), so `explain` lists them too.
 *
 * @example
 * ```ts
 * const explanation = await explainHooks(mergeScopedHooks(context, scoped, payload), event, payload);
 * ```
 */
export function mergeScopedHooks<Context extends ExplainableHooks>(
  context: Context,
  sets: ScopedHookSets,
  payload: Readonly<Record<string, unknown>>,
): Context {
  const view = sets.view(payload);
  if (view.definitions.length === 0 && view.diagnostics.length === 0) return context;
  const byEvent = new Map(context.compiled.byEvent);
  for (const [event, hooks] of view.compiled.byEvent) {
    byEvent.set(event, [...(byEvent.get(event) ?? []), ...hooks]);
  }
  return {
    ...context,
    profile: { ...context.profile, deduplicate: sets.deduplicate },
    definitions: [...context.definitions, ...view.definitions],
    compiled: { byEvent, diagnostics: [...context.compiled.diagnostics, ...view.diagnostics] },
    diagnostics: [...context.diagnostics, ...view.diagnostics],
  };
}
