import type { HookFormat } from "./hook-format.js";

/**
 * What the entries of VS Code's and Copilot CLI's `.github/hooks/*.json` files share: flat command
 * entries with no matchers, `cwd` and `env`, a command for each of Windows, Linux and macOS, and
 * no default command they need.
 */
export const githubHookEntryFields = {
  matchers: null,
  fields: ["cwd", "env"],
  platforms: ["windows", "linux", "osx"],
  defaultCommandRequired: false,
} as const satisfies Pick<
  HookFormat,
  "matchers" | "fields" | "platforms" | "defaultCommandRequired"
>;
