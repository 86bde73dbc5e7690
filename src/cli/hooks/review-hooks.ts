import { open } from "node:fs/promises";
import * as prompts from "@clack/prompts";
import pc from "picocolors";
import {
  type AgentHooksCommandFlags,
  formatAgentHooksCommand,
} from "../../shared/format-agent-hooks-command.js";
import { formatCommand } from "../../shell/quote-shell-word.js";
import type { TrustStore, TrustStoreWrite } from "../../trust/trust-store.js";
import { recordHookDisabled, recordHookTrusted } from "../../trust/update-trust-store.js";
import { escapeControlCharacters } from "./escape-control-characters.js";
import { abbreviateHome } from "./format-hook-list.js";
import type { HookInventory, HookInventoryEntry, HookScript } from "./load-hook-inventory.js";

/** What `hooks review` needs besides the inventory: how to save the store, and where home is. */
export interface ReviewHooksOptions {
  home: string;
  save: (store: TrustStore) => Promise<TrustStoreWrite>;
  commandOptions: AgentHooksCommandFlags;
}

type ReviewChoice = "trust" | "disable" | "skip";

/** How much of a script "Show the script" prints. */
const scriptPreviewBytes = 8192;
const scriptPreviewLines = 80;

/** The hooks `hooks review` asks about: untrusted or modified, one per id. */
export function selectHooksNeedingReview(inventory: HookInventory): HookInventoryEntry[] {
  const seen = new Set<string>();
  return inventory.entries.filter((entry) => {
    const needsReview = entry.trust.state === "untrusted" || entry.trust.state === "modified";
    if (!needsReview || seen.has(entry.trust.id)) return false;
    seen.add(entry.trust.id);
    return true;
  });
}

/**
 * The interactive review: for each hook needing review, its full definition and script, then
 * trust / disable / skip. Each choice is saved as it is made. Returns the exit code.
 */
export async function reviewHooks(
  inventory: HookInventory,
  options: ReviewHooksOptions,
): Promise<number> {
  const pending = selectHooksNeedingReview(inventory);
  prompts.intro(pc.bold(`Review ${inventory.profile.title} hooks`));
  if (pending.length === 0) {
    prompts.outro(`No hooks need review (${inventory.entries.length} configured)`);
    return 0;
  }
  let store = inventory.store;
  const counts = { trust: 0, disable: 0, skip: 0 };
  const skipped: string[] = [];
  for (const [index, entry] of pending.entries()) {
    prompts.note(
      formatHookDetails(entry, options.home),
      `${index + 1}/${pending.length}  ${entry.trust.state} hook ${entry.trust.id}`,
    );
    const choice = await askChoice(entry);
    if (choice === null) {
      prompts.cancel(`Review stopped; choices so far are saved (${describeCounts(counts)})`);
      return 1;
    }
    counts[choice] += 1;
    if (choice === "skip") {
      skipped.push(entry.trust.id);
      continue;
    }
    store = choice === "trust" ? recordHookTrusted(store, entry) : recordHookDisabled(store, entry);
    const written = await options.save(store);
    if (!written.ok) {
      prompts.cancel(written.message);
      return 1;
    }
  }
  const later =
    skipped.length > 0
      ? `; trust skipped hooks later with "${formatAgentHooksCommand(["hooks", "trust", ...skipped], options.commandOptions)}"`
      : "";
  prompts.outro(`${describeCounts(counts)}${later}`);
  return 0;
}

// Asks until the answer is a decision; "Show the script" prints every existing script and asks
// again.
// Null when the user cancels (Ctrl-C or Escape).
async function askChoice(entry: HookInventoryEntry): Promise<ReviewChoice | null> {
  const shown = entry.scripts.filter((script) => script.exists);
  for (;;) {
    const choice = await prompts.select<ReviewChoice | "show">({
      message: `Trust this ${entry.definition.event} hook?`,
      options: [
        { value: "trust", label: "Trust", hint: "run it from now on, while it stays unchanged" },
        { value: "disable", label: "Disable", hint: "never run it, and stop asking" },
        { value: "skip", label: "Skip", hint: "decide later; it stays skipped" },
        ...(shown.length > 0
          ? [
              {
                value: "show" as const,
                label: shown.length === 1 ? "Show the script" : `Show the ${shown.length} scripts`,
                hint: escapeControlCharacters(shown.map((script) => script.path).join(", ")),
              },
            ]
          : []),
      ],
      initialValue: "skip",
    });
    if (prompts.isCancel(choice)) return null;
    if (choice !== "show") return choice;
    for (const { path: file } of shown) {
      prompts.note(await readScriptPreview(file), escapeControlCharacters(file));
    }
  }
}

async function readScriptPreview(file: string): Promise<string> {
  try {
    const handle = await open(file, "r");
    try {
      const buffer = Buffer.alloc(scriptPreviewBytes);
      const { bytesRead } = await handle.read(buffer, 0, scriptPreviewBytes, 0);
      const { size } = await handle.stat();
      const lines = buffer.subarray(0, bytesRead).toString("utf8").replace(/\n$/, "").split("\n");
      const shown = escapeControlCharacters(lines.slice(0, scriptPreviewLines).join("\n"));
      const cut = lines.length > scriptPreviewLines || size > bytesRead;
      return cut ? `${shown}\n${pc.dim(`… (${size} bytes in all)`)}` : shown;
    } finally {
      await handle.close();
    }
  } catch (error) {
    return pc.red(`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/**
 * A hook's full definition for review: event, matcher, command, timeout, status message,
 * context limit, source (layer, file, JSON path), script and state. Configured text has its
 * control characters escaped.
 */
export function formatHookDetails(entry: HookInventoryEntry, home: string): string {
  const { definition, trust } = entry;
  const raw = (text: string) => escapeControlCharacters(text);
  const rows: [string, string][] = [
    ["event", raw(definition.event)],
    [
      "matcher",
      definition.matcher === null || definition.matcher === "" || definition.matcher === "*"
        ? pc.dim("(all)")
        : raw(definition.matcher),
    ],
    ["command", raw(formatCommand(definition.command))],
    ["timeout", `${definition.timeoutMs / 1000} s`],
    [
      "statusMessage",
      definition.statusMessage === null ? pc.dim("(none)") : raw(definition.statusMessage),
    ],
    [
      "contextLimit",
      definition.additionalContextLimit === null
        ? pc.dim("(default)")
        : `${definition.additionalContextLimit} tokens`,
    ],
    [
      "source",
      raw(
        `${definition.layer} layer · ${abbreviateHome(definition.file, home)} ${definition.path}`,
      ),
    ],
    ...describeScripts(entry),
    [
      "state",
      trust.state === "modified"
        ? pc.yellow("modified: changed since it was trusted (definition or script)")
        : pc.yellow("untrusted: never reviewed"),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${pc.dim(label.padEnd(width))}  ${value}`).join("\n");
}

// One `script` row per hashed script, then one `not hashed` row per script word trust cannot see.
function describeScripts(entry: HookInventoryEntry): [string, string][] {
  const rows = entry.scripts.map((script): [string, string] => ["script", describeScript(script)]);
  for (const { word, reason, role } of entry.notHashed) {
    if (role === "data") {
      rows.push([
        "reads",
        `${escapeControlCharacters(word)} ${pc.dim("(read as data, not hashed)")}`,
      ]);
      continue;
    }
    const why = `(${reason}: a change to it goes unnoticed)`;
    rows.push([
      "not hashed",
      `${escapeControlCharacters(word)} ${pc.red(escapeControlCharacters(why))}`,
    ]);
  }
  if (rows.length === 0) {
    rows.push([
      "script",
      pc.dim("none known before the shell runs (only the definition is hashed)"),
    ]);
  }
  return rows;
}

function describeScript(script: HookScript): string {
  const file = escapeControlCharacters(script.path);
  return script.exists
    ? `${file} ${pc.green("(exists; its contents are part of the hash)")}`
    : `${file} ${pc.yellow("(missing)")}`;
}

function describeCounts(counts: Record<ReviewChoice, number>): string {
  return `${counts.trust} trusted, ${counts.disable} disabled, ${counts.skip} skipped`;
}
