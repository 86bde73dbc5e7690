#!/usr/bin/env python3
"""A tiny Python agent loop whose hooks run in ``agent-hooks serve --stdio`` (docs/protocol.md).

A scripted model asks for three tool calls, then says it is done. Each call goes through
PreToolUse (deny, ask or allow), each tool that runs through PostToolUse (its context goes back
to the model), and each final answer through Stop (a block sends the model back to work once).
The hooks are examples/hooks.json's, so nothing here knows what they decide.

    python3 examples/python-agent-loop.py [--home <folder>]
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Union

sys.dont_write_bytecode = True
REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "clients" / "python"))

from agent_hooks_client import AgentHooksClient  # noqa: E402

ToolCall = Dict[str, Any]
Step = Union[ToolCall, str]


class ScriptedModel:
    """Stands in for a model: answers each turn with the next tool call or final message."""

    def __init__(self, steps: List[Step]) -> None:
        self.steps = list(steps)

    def next_step(self, messages: List[Dict[str, str]]) -> Step:
        return self.steps.pop(0) if self.steps else "Done."


def run_tool(call: ToolCall) -> str:
    """The tools are pretend: nothing is written or run."""
    if call["name"] == "Write":
        return f"wrote {len(call['input'].get('content', ''))} bytes to {call['input']['file_path']}"
    return f"ran {call['input'].get('command', '')}"


def show(event: str, tool: str, decision: Any, text: str) -> None:
    print(f"{event:<11} {tool:<6} {decision or '-':<6} {text}", flush=True)


def main() -> None:
    extra = sys.argv[1:]  # For instance --home <folder>, passed on to the server.
    model = ScriptedModel(
        [
            {"name": "Bash", "input": {"command": "rm -rf build"}},
            {"name": "Write", "input": {"file_path": ".env.local", "content": "TOKEN=1"}},
            {"name": "Write", "input": {"file_path": "src/app.ts", "content": "export {};"}},
            "Done.",
        ]
    )
    messages: List[Dict[str, str]] = [{"role": "user", "content": "Clean up and add src/app.ts."}]
    session = {"session_id": "python-demo"}
    with AgentHooksClient(
        config=["examples/hooks.json"],
        profile="deepagents",
        args=extra,
        cwd=str(REPOSITORY),
        stderr=subprocess.DEVNULL,
        timeout=30.0,
    ) as hooks:
        while True:
            step = model.next_step(messages)
            if isinstance(step, str):
                stop = hooks.dispatch("Stop", {**session, "last_assistant_message": step})
                if stop["decision"] == "block":
                    show("Stop", "-", "block", stop["reason"])
                    messages.append({"role": "user", "content": stop["reason"]})
                    continue
                show("Stop", "-", stop["decision"], "the agent stops")
                break
            tool = {"tool_name": step["name"], "tool_input": step["input"]}
            pre = hooks.dispatch("PreToolUse", {**session, **tool})
            show("PreToolUse", step["name"], pre["decision"], pre["reason"] or "")
            if pre["decision"] in ("deny", "ask"):
                # A real host would ask the user on "ask"; this one's user always declines.
                messages.append({"role": "tool", "content": f"refused: {pre['reason']}"})
                continue
            output = run_tool(step)
            post = hooks.dispatch("PostToolUse", {**session, **tool, "tool_response": output})
            context = " ".join(post["additionalContext"])
            show("PostToolUse", step["name"], post["decision"], context)
            messages.append({"role": "tool", "content": f"{output}\n{context}".strip()})


if __name__ == "__main__":
    main()
