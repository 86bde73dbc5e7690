"""Exercises agent_hooks_client against a real ``agent-hooks serve --stdio``; run by the vitest file.

Reads one JSON document on standard input::

    {"root": <repository>, "home": <a home folder>, "config": <config file>,
     "slowConfig": <a config whose PreToolUse hook sleeps>, "cases": [[event, payload], ...],
     "explained": [[event, payload], ...]}

and prints one JSON document: ``results`` (each case's DispatchResult, without timings),
``explanations`` (each HookExplanation) and ``checks`` ([name, passed, detail] for the
concurrency, timeout, refusal and close behaviour), for the vitest file to compare with the
library. One Python start covers every check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Dict, List

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_hooks_client import AgentHooksClient, AgentHooksError, ServerError  # noqa: E402


def without_timings(result: Dict[str, Any]) -> Dict[str, Any]:
    """The result with each run's ``durationMs`` left out (it differs from run to run)."""
    runs = [{key: value for key, value in run.items() if key != "durationMs"} for run in result["runs"]]
    return {**result, "runs": runs}


def main() -> None:
    given = json.load(sys.stdin)
    checks: List[List[Any]] = []

    def check(name: str, passed: bool, detail: Any) -> None:
        checks.append([name, bool(passed), detail])

    common = {
        "profile": "deepagents",
        "args": ["--home", given["home"], "--cwd", given["root"]],
        "cwd": given["root"],
        "stderr": subprocess.DEVNULL,
        "timeout": 30.0,
    }
    with AgentHooksClient(config=[given["config"]], **common) as hooks:
        check(
            "initialize",
            hooks.profile == "deepagents" and "PreToolUse" in hooks.events,
            {"profile": hooks.profile, "methods": hooks.methods, "diagnostics": hooks.diagnostics},
        )
        results = [without_timings(hooks.dispatch(event, payload)) for event, payload in given["cases"]]
        explanations = [hooks.explain(event, payload) for event, payload in given["explained"]]

        # Concurrent requests from threads: each gets its own answer, exactly once.
        answers: Dict[int, Any] = {}

        def dispatch_one(index: int) -> None:
            result = hooks.dispatch(
                "PreToolUse",
                {"session_id": f"thread-{index}", "tool_name": "Bash", "tool_input": {"command": f"rm -rf build{index}"}},
            )
            answers[index] = result["reason"]

        threads = [threading.Thread(target=dispatch_one, args=(index,)) for index in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        expected = {index: f"Recursive or forced rm is blocked by policy: rm -rf build{index}" for index in range(8)}
        check("concurrent", answers == expected, answers)

        try:
            hooks.request("hooks/unknown", {})
            check("method not found", False, "no error")
        except ServerError as error:
            check("method not found", error.code == -32601, error.message)

        unknown = hooks.dispatch("Nonsense", {})
        check("unknown event", [d["code"] for d in unknown["diagnostics"]] == ["unknown_event"], unknown)

    closed = hooks.dispatch("Stop", {"session_id": "after-close"})
    check(
        "dispatch after close",
        closed["decision"] is None and closed["diagnostics"][0]["code"] == "remote_unavailable",
        closed["diagnostics"][0]["message"],
    )

    # A per-request timeout ends the request, not the connection; failing closed denies.
    with AgentHooksClient(config=[given["slowConfig"]], fail_mode="closed", **common) as slow:
        late = slow.dispatch("PreToolUse", {"session_id": "slow", "tool_name": "Bash", "tool_input": {}}, timeout=0.2)
        check(
            "timeout fails closed",
            late["decision"] == "deny" and late["diagnostics"][0]["code"] == "remote_unavailable",
            late["diagnostics"][0]["message"],
        )
        after = slow.dispatch("Stop", {"session_id": "slow"})
        check("usable after a timeout", after["diagnostics"] == [] and after["decision"] is None, after)
        exit_code = slow.close()
        check("close", exit_code == 0, exit_code)

    # The stdio server needs no token: one in the environment given (or this process's) is
    # left out, so no process of the user can read it in the server's /proc/<pid>/environ.
    token = "python-client-token-5c1e"
    environ = Path("/proc/self/environ")
    with AgentHooksClient(
        config=[given["config"]], **{**common, "env": {**os.environ, "AGENT_HOOKS_TOKEN": token, "PROBE": "visible"}}
    ) as tokened:
        if environ.exists():
            server_environment = (Path("/proc") / str(tokened._process.pid) / "environ").read_bytes()
            check(
                "no token in the server's environment",
                b"PROBE=visible" in server_environment
                and token.encode() not in server_environment
                # Not even blanked by the server: the client never passed it.
                and b"AGENT_HOOKS_TOKEN=" not in server_environment,
                "read /proc/<pid>/environ",
            )
        else:
            check("no token in the server's environment", True, "no /proc on this system")

    # A server that cannot start, or ends before answering, is an AgentHooksError at creation.
    for name, command in [
        ("cannot start", [str(Path(given["home"]) / "no-such-agent-hooks")]),
        ("ends at once", ["node", "-e", ""]),
    ]:
        try:
            AgentHooksClient(command, stderr=subprocess.DEVNULL, timeout=30.0)
            check(name, False, "no error")
        except AgentHooksError as error:
            check(name, True, str(error))

    json.dump({"results": results, "explanations": explanations, "checks": checks}, sys.stdout)


if __name__ == "__main__":
    main()
