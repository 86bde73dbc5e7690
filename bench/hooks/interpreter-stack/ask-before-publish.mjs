#!/usr/bin/env node
// PreToolUse hook on Bash, an ordinary script: asks before publishing a package.
// command-guard.mjs, beside it, reads the event JSON on stdin and prints the decision JSON when
// the command matches, nothing otherwise; persistent-sdk-hook.mjs reuses decide() for the
// persistent version of the same hook.
import { createDecide, runHookWhenMain } from "./command-guard.mjs";

/** The hook's output for a Bash command, or null to print nothing. */
export const decide = createDecide(
  /\b(npm|pnpm|yarn)\s+publish\b/,
  "ask",
  "Publishing a package needs a confirmation",
);

await runHookWhenMain(import.meta.url, decide);
