import { quoteShellWords } from "../shell/quote-shell-word.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import { findHandlerKey, type HookFormat } from "./hook-format.js";
import type { Platform, PortableCommand, PortableHook } from "./portable-hooks.js";

const platforms: readonly Platform[] = ["linux", "osx", "windows"];
const platformNames: Readonly<Record<Platform, string>> = {
  linux: "Linux",
  osx: "macOS",
  windows: "Windows",
};

/**
 * Fits a hook's commands to a target: an argv list becomes a shell string where the target has
 * none, per-OS overrides the target lacks are dropped (the default runs there instead), and when
 * there is no default an override the target cannot hold (or any, where the target needs a
 * default) becomes the default. A target without a default command (Copilot CLI) gets it as its
 * `defaultCommandPlatforms` commands, and platforms sharing one key (`bash`) one command. Each
 * loss is an issue; a default taken from Copilot's `bash` is a note (it is how `bash` converts).
 */
export function fitCommand(
  hook: PortableHook,
  source: HookFormat,
  target: HookFormat,
  issues: ConversionIssue[],
): PortableCommand {
  const original = hook.command;
  const kept: Record<Platform, string | null> = { linux: null, osx: null, windows: null };
  for (const platform of platforms) {
    if (target.platforms.includes(platform)) kept[platform] = original[platform];
  }
  let fallback = fitDefault(hook, source, target, issues);
  let promoted: Platform | null = null;
  const keptAny = platforms.some((platform) => kept[platform] !== null);
  const unkept = platforms.some(
    (platform) => original[platform] !== null && kept[platform] === null,
  );
  if (fallback === null && (target.defaultCommandRequired || !keptAny || unkept)) {
    promoted =
      platforms.find((platform) => original[platform] !== null && kept[platform] === null) ??
      platforms.find((platform) => original[platform] !== null) ??
      null;
    if (promoted !== null) {
      fallback = original[promoted];
      kept[promoted] = null;
      reportPromotion(hook, promoted, source, target, kept, issues);
    }
  }
  for (const platform of platforms) {
    const command = original[platform];
    if (command === null || kept[platform] !== null || platform === promoted) continue;
    if (command === fallback) continue;
    const key = findHandlerKey(source, platform) ?? platform;
    issues.push(
      createLossyIssue(
        `"${key}" command`,
        `${hook.origin.path}.${key}`,
        `${target.title} has no ${platformNames[platform]} override; ${fallback === null ? "the hook has no command there" : "the default command runs there instead"}`,
      ),
    );
  }
  if (target.defaultCommandPlatforms !== undefined && typeof fallback === "string") {
    writeDefaultAsOverrides(hook, fallback, { source, target, kept, issues });
    fallback = null;
  }
  shareOverrideKeys(hook, { source, target, kept, issues });
  return { default: fallback, ...kept };
}

/** The per-OS commands being fitted, and where their issues go. */
interface OverrideContext {
  source: HookFormat;
  target: HookFormat;
  kept: Record<Platform, string | null>;
  issues: ConversionIssue[];
}

function listPlatforms(list: readonly Platform[]): string {
  return list.map((platform) => platformNames[platform]).join(" and ");
}

/**
 * A target without a default command takes the default as each `defaultCommandPlatforms` command
 * the hook has no override for; where it has none of those, the default ran only elsewhere.
 */
function writeDefaultAsOverrides(
  hook: PortableHook,
  fallback: string,
  { source, target, kept, issues }: OverrideContext,
): void {
  const written = target.defaultCommandPlatforms ?? [];
  const placed = written.filter((platform) => kept[platform] === null);
  for (const platform of placed) kept[platform] = fallback;
  const lost = platforms.filter((platform) => kept[platform] === null);
  if (lost.length === 0) return;
  const key = findHandlerKey(source, "command") ?? "command";
  const writtenKey = findHandlerKey(target, written[0] ?? "linux") ?? "command";
  issues.push(
    createLossyIssue(
      "default command",
      `${hook.origin.path}.${key}`,
      placed.length > 0
        ? `${target.title} has no default command; it is written as "${writtenKey}", which runs on ${listPlatforms(written)} only, so the hook no longer runs on ${listPlatforms(lost)}`
        : `${target.title} has no default command and the hook has its own ${listPlatforms(written)} commands, so the default is dropped and the hook no longer runs on ${listPlatforms(lost)}`,
    ),
  );
}

/** Platforms whose command the target writes under one key (Copilot's `bash`) get one command. */
function shareOverrideKeys(
  hook: PortableHook,
  { source, target, kept, issues }: OverrideContext,
): void {
  const seen = new Set<string>();
  for (const platform of platforms) {
    const key = findHandlerKey(target, platform);
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    const group = platforms.filter((other) => findHandlerKey(target, other) === key);
    const chosen = group.find((other) => kept[other] !== null);
    if (group.length < 2 || chosen === undefined) continue;
    const command = kept[chosen];
    for (const other of group) {
      if (kept[other] === command) continue;
      issues.push(describeSharedKey(hook, { source, target }, { key, group, chosen, other, kept }));
      kept[other] = command;
    }
  }
}

function fitDefault(
  hook: PortableHook,
  source: HookFormat,
  target: HookFormat,
  issues: ConversionIssue[],
): string | readonly string[] | null {
  const command = hook.command.default;
  if (command === null || typeof command === "string" || target.argv) return command;
  const joined = quoteShellWords(command, { expandProgramHome: true });
  const key = findHandlerKey(source, "command") ?? "command";
  issues.push(
    createLossyIssue(
      "argument-list command",
      `${hook.origin.path}.${key}`,
      `${target.title} has no argument-list commands; it is written as the shell string ${JSON.stringify(joined)}`,
    ),
  );
  return joined;
}

function reportPromotion(
  hook: PortableHook,
  promoted: Platform,
  source: HookFormat,
  target: HookFormat,
  kept: Readonly<Record<Platform, string | null>>,
  issues: ConversionIssue[],
): void {
  const widened = platforms.filter(
    (platform) =>
      platform !== promoted && hook.command[platform] === null && kept[platform] === null,
  );
  if (widened.length === 0) return;
  const key = findHandlerKey(source, promoted) ?? promoted;
  const derivedFrom = source.defaultCommandPlatforms ?? [];
  const derived =
    derivedFrom.includes(promoted) &&
    derivedFrom.every((platform) => hook.command[platform] === hook.command[promoted]);
  if (derived) {
    // Copilot's `bash` stands for a default command: taking it as one is the expected reading.
    issues.push(
      createNoteIssue(
        `"${key}" command`,
        `${hook.origin.path}.${key}`,
        `${target.title} needs a default command; ${source.title}'s "${key}" command (${listPlatforms(derivedFrom)}) is used as the default, so the hook also runs on ${listPlatforms(widened)}`,
      ),
    );
    return;
  }
  issues.push(
    createLossyIssue(
      `"${key}" command`,
      `${hook.origin.path}.${key}`,
      `${target.title} needs a default command, so the ${platformNames[promoted]} command is used as the default and also runs on ${widened.map((platform) => platformNames[platform]).join(" and ")}`,
    ),
  );
}

/** Where a target writes several platforms' commands under one key, and which one fills `other`. */
interface SharedKey {
  key: string;
  group: readonly Platform[];
  chosen: Platform;
  other: Platform;
  kept: Readonly<Record<Platform, string | null>>;
}

/** The loss when `other` gets the `chosen` platform's command because the target shares their key. */
function describeSharedKey(
  hook: PortableHook,
  { source, target }: Pick<OverrideContext, "source" | "target">,
  { key, group, chosen, other, kept }: SharedKey,
): ConversionIssue {
  const shared = `${target.title} has one "${key}" command for ${listPlatforms(group)}`;
  const chosenName = platformNames[chosen];
  const otherName = platformNames[other];
  if (kept[other] === null) {
    const sourceKey = findHandlerKey(source, chosen) ?? chosen;
    return createLossyIssue(
      `"${sourceKey}" command`,
      `${hook.origin.path}.${sourceKey}`,
      `${shared}, so the ${chosenName} command also runs on ${otherName}`,
    );
  }
  const own = hook.command[other] !== null;
  const sourceKey = own
    ? (findHandlerKey(source, other) ?? other)
    : (findHandlerKey(source, "command") ?? "command");
  return createLossyIssue(
    own ? `"${sourceKey}" command` : "default command",
    `${hook.origin.path}.${sourceKey}`,
    `${shared}; the ${chosenName} command runs on ${otherName} instead${own ? "" : " of the default command"}`,
  );
}
