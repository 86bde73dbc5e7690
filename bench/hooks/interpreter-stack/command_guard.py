"""What the Python hooks of this stack share: one pattern, one decision, the Bash command.

Each hook script imports this module from its own folder (a script's folder is the first entry of
sys.path), builds its decide() with create_decide() and, run as a script, hands it to run_hook().
"""
import json
import sys


def create_decide(pattern, decision, reason):
    """A decide(command) that returns the PreToolUse decision output when pattern matches, else None."""

    def decide(command):
        """The hook's output for a Bash command, or None to print nothing."""
        if not pattern.search(command):
            return None
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": decision,
                "permissionDecisionReason": reason,
            }
        }

    return decide


def read_command(payload):
    """The Bash command of a PreToolUse payload, or an empty string."""
    tool_input = payload.get("tool_input") if isinstance(payload, dict) else None
    return str(tool_input.get("command", "")) if isinstance(tool_input, dict) else ""


def run_hook(decide):
    """Runs a hook as an ordinary script: reads the event on stdin, prints its decision or nothing."""
    output = decide(read_command(json.load(sys.stdin)))
    if output is not None:
        print(json.dumps(output))
