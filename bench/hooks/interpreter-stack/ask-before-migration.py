#!/usr/bin/env python3
"""PreToolUse hook on Bash, an ordinary script: asks before a database migration."""
# command_guard.py, beside it, reads the event JSON on stdin and prints the decision JSON when the
# command matches, nothing otherwise; persistent-loop.py reuses decide() for the persistent version.
import re
import sys

sys.dont_write_bytecode = True  # importing command_guard leaves no __pycache__ beside the hooks
from command_guard import create_decide, run_hook  # noqa: E402

PATTERN = re.compile(r"\b(alembic\s+upgrade|prisma\s+migrate\s+deploy|rails\s+db:migrate)\b")
decide = create_decide(PATTERN, "ask", "Database migrations need a confirmation")

if __name__ == "__main__":
    run_hook(decide)
