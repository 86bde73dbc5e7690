import type { Profile } from "./profile.js";

/**
 * The shell a handler's command string runs with under `profile`: its `shell` field read
 * through the profile (Claude Code's `"shell": "bash"` is `/bin/sh`), else the profile's shell.
 *
 * @example
 * selectHandlerShell({ shell: "bash" }, claudeProfile); // "sh"
 */
export function selectHandlerShell(
  handler: { readonly shell?: "bash" | "powershell" | undefined },
  profile: Pick<Profile, "shell" | "bashFieldShell">,
): "sh" | "bash" | "powershell" {
  if (handler.shell === "powershell") return "powershell";
  if (handler.shell === "bash") return profile.bashFieldShell ?? "bash";
  return profile.shell;
}
