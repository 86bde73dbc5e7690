"""A Python agent host loop on agent_hooks_client, run by host-loop.test.ts against a real server.

Reads ``{"config": <settings file>, "home": <a home folder>, "cwd": <session folder>}`` on standard
input. The host serves the hooks that need it with its own functions: a ``prompt`` hook answered
by a Python function, an ``agent`` hook by an ``async`` one, an ``mcp_tool`` hook by a fake MCP
client; it shows a status line per run, takes an ``async`` hook's output on the next turn, adds a
skill's hooks for a while, and lets a stuck model call time out. Then the same turn again through
:class:`AsyncAgentHooksClient`. Prints one JSON report: ``lines`` (what the host printed),
``results`` and ``messages`` (every protocol message, both directions, for the schema check).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Dict, List

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_hooks_client import AgentHooksClient, AsyncAgentHooksClient  # noqa: E402

SESSION = "host-loop-1"


def main() -> None:
    given = json.load(sys.stdin)
    lines: List[str] = []
    messages: List[Dict[str, Any]] = []
    lock = threading.Lock()
    async_output = threading.Event()
    release_stuck_model = threading.Event()

    def say(line: str) -> None:
        with lock:
            lines.append(line)

    def trace(direction: str, message: Dict[str, Any]) -> None:
        with lock:
            messages.append({"direction": direction, "message": message})

    def evaluate_prompt(request: Dict[str, Any]) -> Dict[str, Any]:
        # The host's model, played by a rule. A stuck model never answers: the server cancels it.
        if "think forever" in request["prompt"]:
            release_stuck_model.wait(30)
            return {"ok": True}
        command = request["input"].get("tool_input", {}).get("command", "")
        say(f"model asked about: {command}")
        if "rm -rf" in command:
            return {"ok": False, "reason": f"the model refuses: {command}"}
        return {"ok": True}

    async def run_agent_hook(request: Dict[str, Any]) -> Dict[str, Any]:
        await asyncio.sleep(0)
        say(f"subagent checked the {request['event']} of {request['input'].get('tool_name')}")
        return {"ok": True}

    def call_mcp_tool(request: Dict[str, Any]) -> Dict[str, Any]:
        say(f"mcp {request['server']}/{request['tool']} {json.dumps(request['input'], sort_keys=True)}")
        return {"content": [{"type": "text", "text": json.dumps({"systemMessage": "policy server: ok"})}]}

    def on_run(phase: str, run: Dict[str, Any]) -> None:
        if phase == "started" and run["statusMessage"]:
            say(f"status: {run['statusMessage']}")
        elif phase == "ended":
            say(f"run ended: {run['id']} {run['status']}")

    def on_async_output(output: Dict[str, Any]) -> None:
        say(f"async output: {output['additionalContext']}")
        async_output.set()

    common: Dict[str, Any] = {
        "profile": "claude",
        "config": [given["config"]],
        "args": ["--home", given["home"], "--cwd", given["cwd"]],
        "stderr": subprocess.DEVNULL,
        "timeout": 30.0,
    }
    results: Dict[str, Any] = {}

    def tool_call(command: str) -> Dict[str, Any]:
        return {"session_id": SESSION, "tool_name": "Bash", "tool_input": {"command": command}}

    with AgentHooksClient(
        **common,
        evaluate_prompt=evaluate_prompt,
        run_agent_hook=run_agent_hook,
        call_mcp_tool=call_mcp_tool,
        on_run=on_run,
        on_async_output=on_async_output,
        trace=trace,
    ) as hooks:
        say(f"initialized: {hooks.profile}, deny on {', '.join(sorted(e for e, d in hooks.decisions.items() if 'deny' in d))}")
        denied = hooks.dispatch("PreToolUse", tool_call("rm -rf build"))
        results["denied"] = denied
        say(f"PreToolUse rm -rf build: {denied['decision']} ({denied['reason']})")
        allowed = hooks.dispatch("PreToolUse", tool_call("ls"))
        results["allowed"] = allowed
        say(f"PreToolUse ls: {allowed['decision']} {allowed['systemMessages']}")

        # An async hook runs in the background; its output arrives on the session's next turn.
        posted = hooks.dispatch("PostToolUse", {**tool_call("ls"), "tool_response": {}})
        say(f"PostToolUse ls: {[run['status'] for run in posted['runs']]} {posted['additionalContext']}")
        async_output.wait(30)
        prompt = hooks.dispatch("UserPromptSubmit", {"session_id": SESSION, "prompt": "next"})
        say(f"UserPromptSubmit next: {prompt['additionalContext']}")

        # A skill's hooks, for as long as the skill is active.
        skill_hooks = {
            "PreToolUse": [
                {
                    "matcher": "Bash",
                    "hooks": [{"type": "command", "command": "echo '{\"systemMessage\":\"deploy skill saw it\"}'"}],
                }
            ]
        }
        with hooks.add_scoped_hooks("skill", name="deploy", hooks=skill_hooks) as skill:
            say(f"skill added: {skill.id} {skill.hook_ids} {skill.diagnostics}")
            with_skill = hooks.dispatch("PreToolUse", tool_call("make deploy"))
            say(f"PreToolUse make deploy: {with_skill['systemMessages']}")
        without_skill = hooks.dispatch("PreToolUse", tool_call("make deploy"))
        say(f"after the skill: {without_skill['systemMessages']}")

        # A model that never answers: the handler's timeout ends it, and the dispatch completes.
        stuck = hooks.dispatch("Stop", {"session_id": SESSION, "last_assistant_message": "think forever"})
        release_stuck_model.set()
        results["stuck"] = stuck
        say(f"Stop with a stuck model: {[run['status'] for run in stuck['runs']]} {stuck['decision']}")

    async def async_host() -> None:
        loop_seen: List[bool] = []

        async def evaluate(request: Dict[str, Any]) -> Dict[str, Any]:
            loop_seen.append(asyncio.get_running_loop() is host_loop)
            return {"ok": False, "reason": "the async model refuses"}

        host_loop = asyncio.get_running_loop()
        async with AsyncAgentHooksClient(
            **common, evaluate_prompt=evaluate, call_mcp_tool=call_mcp_tool, trace=trace
        ) as hooks:
            result = await hooks.dispatch("PreToolUse", tool_call("rm -rf build"))
            say(f"asyncio PreToolUse: {result['decision']} ({result['reason']}) on the host loop: {loop_seen}")

    asyncio.run(async_host())
    print(json.dumps({"lines": lines, "results": results, "messages": messages}))


if __name__ == "__main__":
    main()
