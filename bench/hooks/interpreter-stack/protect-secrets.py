#!/usr/bin/env python3
"""PreToolUse hook on Bash, an ordinary script: denies commands that touch .env files or SSH keys."""
# command_guard.py, beside it, reads the event JSON on stdin and prints the decision JSON when the
# command matches, nothing otherwise; persistent-loop.py reuses decide() for the persistent version.
import re
import sys

sys.dont_write_bytecode = True  # importing command_guard leaves no __pycache__ beside the hooks
from command_guard import create_decide, run_hook  # noqa: E402

PATTERN = re.compile(r"(^|[\s/=<>])(\.env(\.[\w.-]+)?|id_rsa|id_ed25519)\b")
decide = create_decide(PATTERN, "deny", "Secret files are off limits")

if __name__ == "__main__":
    run_hook(decide)
