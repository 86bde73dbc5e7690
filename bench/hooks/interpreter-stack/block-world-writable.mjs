#!/usr/bin/env node
// PreToolUse hook on Bash, an ordinary script: denies chmod 777.
// command-guard.mjs, beside it, reads the event JSON on stdin and prints the decision JSON when
// the command matches, nothing otherwise; persistent-sdk-hook.mjs reuses decide() for the
// persistent version of the same hook.
import { createDecide, runHookWhenMain } from "./command-guard.mjs";

/** The hook's output for a Bash command, or null to print nothing. */
export const decide = createDecide(
  /\bchmod\s+(-R\s+)?0?777\b/,
  "deny",
  "World-writable permissions are blocked by policy",
);

await runHookWhenMain(import.meta.url, decide);
