import { type ConversionIssue, createLossyIssue } from "./conversion-issue.js";
import { findHandlerKey, type HookFormat } from "./hook-format.js";
import { joinShellArguments } from "./join-shell-arguments.js";
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
 * default) becomes the default. Each loss is an issue.
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
  return { default: fallback, ...kept };
}

function fitDefault(
  hook: PortableHook,
  source: HookFormat,
  target: HookFormat,
  issues: ConversionIssue[],
): string | readonly string[] | null {
  const command = hook.command.default;
  if (command === null || typeof command === "string" || target.argv) return command;
  const joined = joinShellArguments(command);
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
  issues.push(
    createLossyIssue(
      `"${key}" command`,
      `${hook.origin.path}.${key}`,
      `${target.title} needs a default command, so the ${platformNames[promoted]} command is used as the default and also runs on ${widened.map((platform) => platformNames[platform]).join(" and ")}`,
    ),
  );
}
