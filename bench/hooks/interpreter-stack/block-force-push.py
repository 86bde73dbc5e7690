#!/usr/bin/env python3
"""PreToolUse hook on Bash, an ordinary script: denies a forced git push.

Reads the event JSON on stdin and prints a decision JSON when the command matches, nothing
otherwise. persistent-loop.py reuses decide() for the persistent version of the same hook.
"""
import json
import re
import sys

PATTERN = re.compile(r"\bgit\s+push\b[^;&|]*\s(--force(-with-lease)?|-f)\b")


def decide(command):
    """The hook's output for a Bash command, or None to print nothing."""
    if not PATTERN.search(command):
        return None
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "Force-pushing is blocked by policy",
        }
    }


def read_command(payload):
    """The Bash command of a PreToolUse payload, or an empty string."""
    tool_input = payload.get("tool_input") if isinstance(payload, dict) else None
    return str(tool_input.get("command", "")) if isinstance(tool_input, dict) else ""


def main():
    output = decide(read_command(json.load(sys.stdin)))
    if output is not None:
        print(json.dumps(output))


if __name__ == "__main__":
    main()
