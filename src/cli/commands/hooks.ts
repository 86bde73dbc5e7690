import path from "node:path";
import type { Command } from "commander";
import pc from "picocolors";
import type { DiscoveryOptions } from "../../config/discover-config-files.js";
import type { Profile } from "../../profiles/profile.js";
import { profiles } from "../../profiles/profiles.js";
import {
  type AgentHooksCommandFlags,
  formatAgentHooksCommand,
} from "../../shared/format-agent-hooks-command.js";
import { formatCommand } from "../../shell/quote-shell-word.js";
import { findTrustEntry, type TrustStore, writeTrustStore } from "../../trust/trust-store.js";
import {
  recordHookDisabled,
  recordHookEnabled,
  recordHookTrusted,
} from "../../trust/update-trust-store.js";
import { formatDiagnostic } from "../format-diagnostic.js";
import { escapeControlCharacters } from "../hooks/escape-control-characters.js";
import { formatHookTable, toHookListItem } from "../hooks/format-hook-list.js";
import {
  describeNoHookTrust,
  findHookById,
  type HookInventory,
  type HookInventoryEntry,
  loadHookInventory,
} from "../hooks/load-hook-inventory.js";
import { reviewHooks, selectHooksNeedingReview } from "../hooks/review-hooks.js";
import { addEngineOptions, chooseProfile, type EngineFlags } from "../shared-options.js";
import { resolveDiscoveryOptions } from "./resolve-discovery-options.js";

/** What every `hooks` subcommand runs with; the CLI builds it from flags, tests build it directly. */
export interface HooksCommandContext {
  profile: Profile;
  discovery: DiscoveryOptions;
  /** The flags that suggested commands repeat (`--home`, `--system-dir`, `--cwd`). */
  commandOptions: AgentHooksCommandFlags;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdin is a terminal (`hooks review` needs one). */
  interactive: boolean;
  now?: () => Date;
}

/** The message `hooks review` prints without a terminal. */
export const reviewNeedsTerminalMessage =
  'hooks review needs an interactive terminal; use "agent-hooks hooks trust <id>" or "hooks trust --all"';

/**
 * `agent-hooks hooks list|trust|disable|enable|review`: list the hooks of any profile; review,
 * trust, disable or enable them in a profile with hook trust (ZeroCode).
 */
export function registerHooksCommand(program: Command): void {
  const served = Object.values(profiles)
    .filter((profile) => profile.trust !== null)
    .map((profile) => profile.name)
    .join(", ");
  const hooks = program
    .command("hooks")
    .description(
      `list configured hooks (any profile); review, trust, disable or enable them (profiles with hook trust: ${served})`,
    )
    .addHelpText(
      "after",
      `
"hooks list" serves every profile; trust, disable, enable and review serve the profiles with
hook trust: ${served}.

Examples:
  $ agent-hooks hooks list
  $ agent-hooks hooks trust --all
  $ agent-hooks hooks review --home /tmp/home`,
    );
  addEngineOptions(
    hooks
      .command("list")
      .description(
        "list every hook with its id, source, event, matcher, command and (with hook trust) trust state",
      )
      .option("--json", "print every field as JSON")
      .addHelpText("after", hooksExamples("list", "list --json --cwd ~/src/project")),
    "discovery",
  ).action(async (flags: EngineFlags & { json?: boolean }) => {
    process.exitCode = await runHooksList(createHooksCommandContext(flags), {
      json: flags.json === true,
    });
  });
  addEngineOptions(
    hooks
      .command("trust")
      .description("trust hooks at their current definition and script")
      .argument("[ids...]", "hook ids from `hooks list`")
      .option("--all", "trust every untrusted or modified hook")
      .addHelpText("after", hooksExamples("trust 7240d417bae0", "trust --all")),
    "discovery",
  ).action(async (ids: string[], flags: EngineFlags & { all?: boolean }) => {
    process.exitCode = await runHooksTrust(createHooksCommandContext(flags), ids, {
      all: flags.all === true,
    });
  });
  const singleHookCommands = [
    ["disable", "never run a hook (managed hooks cannot be disabled)", runHooksDisable],
    ["enable", "undo `hooks disable`: the hook is trusted again if it was before", runHooksEnable],
  ] as const;
  for (const [name, description, run] of singleHookCommands) {
    addEngineOptions(
      hooks
        .command(name)
        .description(description)
        .argument("<id>", "hook id from `hooks list`")
        .addHelpText("after", hooksExamples(`${name} 7240d417bae0`)),
      "discovery",
    ).action(async (id: string, flags: EngineFlags) => {
      process.exitCode = await run(createHooksCommandContext(flags), id);
    });
  }
  addEngineOptions(
    hooks
      .command("review")
      .description("review new and changed hooks interactively: trust, disable or skip each")
      .addHelpText(
        "after",
        hooksExamples("review", "review --home /tmp/home --system-dir /tmp/etc"),
      ),
    "discovery",
  ).action(async (flags: EngineFlags) => {
    process.exitCode = await runHooksReview(createHooksCommandContext(flags));
  });
}

/** `hooks list [--json]`: a table, or every field as a JSON array. */
export async function runHooksList(
  context: HooksCommandContext,
  options: { json: boolean },
): Promise<number> {
  const inventory = await loadInventory(context);
  if (options.json) {
    context.stdout(`${JSON.stringify(inventory.entries.map(toHookListItem), null, 2)}\n`);
  } else if (inventory.entries.length === 0) {
    context.stdout(`No hooks configured for ${inventory.profile.title}\n`);
  } else {
    context.stdout(
      `${formatHookTable(inventory.entries, context.discovery.home, { state: inventory.profile.trust !== null })}\n`,
    );
    const pending = selectHooksNeedingReview(inventory).length;
    if (pending > 0) {
      const review = formatAgentHooksCommand(["hooks", "review"], context.commandOptions);
      context.stdout(
        pc.yellow(
          `${describeCount(pending, "hook needs", "hooks need")} review: run "${review}"\n`,
        ),
      );
    }
  }
  return 0;
}

/** `hooks trust <id…> | --all`: records each hook's current hash as trusted. */
export async function runHooksTrust(
  context: HooksCommandContext,
  ids: readonly string[],
  options: { all: boolean },
): Promise<number> {
  if (context.profile.trust === null) return fail(context, describeNoHookTrust(context.profile));
  if (options.all === ids.length > 0) {
    return fail(
      context,
      options.all
        ? "give hook ids or --all, not both"
        : `name the hooks to trust (ids from "${formatAgentHooksCommand(["hooks", "list"], context.commandOptions)}") or pass --all`,
    );
  }
  const inventory = await loadInventory(context);
  let targets: HookInventoryEntry[];
  if (options.all) {
    targets = selectHooksNeedingReview(inventory);
  } else {
    const found = findHooks(context, inventory, ids);
    if (found === null) return 1;
    targets = found;
  }
  let store = inventory.store;
  const lines: string[] = [];
  let trusted = 0;
  for (const entry of targets) {
    const { state } = entry.trust;
    if (state === "managed" || state === "trusted") {
      const how = state === "managed" ? "trusted by policy (managed)" : "trusted";
      lines.push(`${entry.trust.id} is already ${how}\n`);
      continue;
    }
    store = recordHookTrusted(store, entry, context.now?.());
    trusted += 1;
    const was = state === "disabled" ? " (it was disabled; now enabled)" : "";
    lines.push(`${pc.green("trusted")} ${describeHook(entry)}${was}\n`);
  }
  // Nothing is reported as trusted unless the store was written.
  if (trusted > 0 && !(await saveStore(context, inventory, store))) return 1;
  for (const line of lines) context.stdout(line);
  if (options.all) {
    context.stdout(
      trusted === 0
        ? "No hooks need review\n"
        : `Trusted ${describeCount(trusted, "hook", "hooks")}\n`,
    );
  }
  return 0;
}

/** `hooks disable <id>`: the hook never runs; managed hooks refuse. */
export async function runHooksDisable(context: HooksCommandContext, id: string): Promise<number> {
  const target = await findTrustTarget(context, id);
  if (target === null) return 1;
  const { inventory, entry } = target;
  if (entry.definition.trust === "managed") {
    return fail(
      context,
      `hook ${id} is managed (trusted by policy from ${entry.definition.file}) and cannot be disabled`,
    );
  }
  if (entry.trust.state === "disabled") {
    context.stdout(`${id} is already disabled\n`);
    return 0;
  }
  const store = recordHookDisabled(inventory.store, entry, context.now?.());
  if (!(await saveStore(context, inventory, store))) return 1;
  context.stdout(`${pc.dim("disabled")} ${describeHook(entry)}\n`);
  return 0;
}

/** `hooks enable <id>`: undoes `disable`; the hook is trusted again only at its earlier hash. */
export async function runHooksEnable(context: HooksCommandContext, id: string): Promise<number> {
  const target = await findTrustTarget(context, id);
  if (target === null) return 1;
  const { inventory, entry } = target;
  if (entry.trust.state !== "disabled") {
    context.stdout(`${id} is not disabled (${entry.trust.state})\n`);
    return 0;
  }
  const store = recordHookEnabled(inventory.store, entry, context.now?.());
  if (!(await saveStore(context, inventory, store))) return 1;
  const previous = findTrustEntry(store, id);
  const trust = formatAgentHooksCommand(["hooks", "trust", id], context.commandOptions);
  const state =
    previous === undefined
      ? `it needs review: "${trust}"`
      : previous.hash === entry.trust.hash
        ? "it is trusted"
        : `it changed since it was trusted and needs review: "${trust}"`;
  context.stdout(`${pc.green("enabled")} ${describeHook(entry)}; ${state}\n`);
  return 0;
}

/** `hooks review`: interactive on a terminal; otherwise exit 1 and point at `hooks trust`. */
export async function runHooksReview(context: HooksCommandContext): Promise<number> {
  if (context.profile.trust === null) return fail(context, describeNoHookTrust(context.profile));
  if (!context.interactive) return fail(context, reviewNeedsTerminalMessage);
  const inventory = await loadInventory(context);
  const { storeFile } = inventory;
  if (storeFile === null) return fail(context, describeNoHookTrust(context.profile));
  return reviewHooks(inventory, {
    home: context.discovery.home,
    commandOptions: context.commandOptions,
    save: (store) => writeTrustStore(storeFile, store, inventory.store),
  });
}

function hooksExamples(...commands: string[]): string {
  return `\nExamples:\n${commands.map((command) => `  $ agent-hooks hooks ${command}`).join("\n")}`;
}

/** The terminal streams a `hooks` subcommand writes to and whether it may prompt. */
export type HooksCommandOutput = Pick<HooksCommandContext, "stdout" | "stderr" | "interactive">;

const processOutput = (): HooksCommandOutput => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
});

/** Builds what a `hooks` subcommand runs with from its flags, as the CLI does. */
export function createHooksCommandContext(
  flags: EngineFlags,
  output: HooksCommandOutput = processOutput(),
): HooksCommandContext {
  const discovery = resolveDiscoveryOptions(flags);
  const profile = chooseProfile(flags, output.stderr);
  return {
    profile,
    discovery,
    commandOptions: {
      profile: profile.name,
      ...(flags.home !== undefined && { home: discovery.home }),
      ...(flags.systemDir !== undefined && { systemDir: path.resolve(flags.systemDir) }),
      ...(flags.cwd !== undefined && { cwd: discovery.cwd }),
    },
    ...output,
  };
}

async function loadInventory(context: HooksCommandContext): Promise<HookInventory> {
  const inventory = await loadHookInventory(context.profile, context.discovery);
  for (const diagnostic of inventory.diagnostics) {
    context.stderr(`${formatDiagnostic(diagnostic)}\n`);
  }
  if (!inventory.hooksEnabled) {
    context.stderr(
      `${pc.yellow("note:")} hooks are turned off in ${inventory.profile.title}'s configuration; none of these run\n`,
    );
  }
  return inventory;
}

// Every id must name a configured hook; otherwise nothing is changed.
function findHooks(
  context: HooksCommandContext,
  inventory: HookInventory,
  ids: readonly string[],
): HookInventoryEntry[] | null {
  const found: HookInventoryEntry[] = [];
  const unknown: string[] = [];
  for (const id of new Set(ids)) {
    const entry = findHookById(inventory, id);
    if (entry === undefined) unknown.push(id);
    else found.push(entry);
  }
  if (unknown.length === 0) return found;
  const list = formatAgentHooksCommand(["hooks", "list"], context.commandOptions);
  const names = unknown.map((id) => JSON.stringify(escapeControlCharacters(id))).join(", ");
  fail(
    context,
    `unknown hook id${unknown.length === 1 ? "" : "s"} ${names}; nothing was changed (see "${list}")`,
  );
  return null;
}

// The hook `id` names, in a profile with hook trust; null once the refusal is written.
async function findTrustTarget(
  context: HooksCommandContext,
  id: string,
): Promise<{ inventory: HookInventory; entry: HookInventoryEntry } | null> {
  if (context.profile.trust === null) {
    fail(context, describeNoHookTrust(context.profile));
    return null;
  }
  const inventory = await loadInventory(context);
  const entry = findHooks(context, inventory, [id])?.[0];
  return entry === undefined ? null : { inventory, entry };
}

async function saveStore(
  context: HooksCommandContext,
  inventory: HookInventory,
  store: TrustStore,
): Promise<boolean> {
  if (inventory.storeFile === null) {
    fail(context, describeNoHookTrust(inventory.profile));
    return false;
  }
  const written = await writeTrustStore(inventory.storeFile, store, inventory.store);
  if (!written.ok) fail(context, written.message);
  return written.ok;
}

function fail(context: HooksCommandContext, message: string): number {
  context.stderr(`agent-hooks: ${message}\n`);
  return 1;
}

function describeHook(entry: HookInventoryEntry): string {
  const command = escapeControlCharacters(formatCommand(entry.definition.command));
  return `${entry.trust.id}  ${entry.definition.event}  ${command}`;
}

function describeCount(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
