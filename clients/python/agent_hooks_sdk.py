"""Write a hook in Python once; run it as a one-shot hook or as a ``persistent`` handler.

Standard library only, Python 3.9 or later, installed beside ``agent_hooks_client``::

    from agent_hooks_sdk import Event, add_context, deny, run

    def guard(event: Event):
        if event.tool_name == "Bash" and "rm -rf" in event.command:
            return deny(f"Recursive rm is blocked: {event.command}")
        return add_context("checked by the Python guard")

    run(guard)

Started once per event (the usual ``"command": "python3 guard.py"``), :func:`run` reads the event
from standard input, prints the decision and exits. Started by agent-hooks as a ``"persistent":
true`` handler, it answers every event on the same process over the persistent protocol (one
``{"id", "payload"}`` line in, one ``{"id", "exitCode", "stdout", "stderr"}`` line out), with no
change to the script: the first line says which.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import IO, Any, Callable, Dict, Mapping, Optional, Union, overload

__all__ = ["Event", "Decision", "add_context", "allow", "ask", "block", "deny", "run", "serve_persistent"]

__version__ = "0.1.0"


class _TextField:
    """A read-only text field of :class:`Event`: the payload's ``key`` (or its ``tool_input``'s), or ``""``."""

    def __init__(self, key: str, doc: str = "", in_tool_input: bool = False) -> None:
        self.key = key
        self.in_tool_input = in_tool_input
        self.__doc__ = doc or f"``{key}``, or ``\"\"``."

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, event: None, owner: Optional[type] = None) -> _TextField: ...

    @overload
    def __get__(self, event: Event, owner: Optional[type] = None) -> str: ...

    def __get__(self, event: Optional[Event], owner: Optional[type] = None) -> Union[str, _TextField]:
        if event is None:
            return self
        source = event.tool_input if self.in_tool_input else event.payload
        return str(source.get(self.key, ""))

    def __set__(self, event: Event, value: Any) -> None:
        raise AttributeError(f"Event.{self.name} is read-only")


class Event:
    """One event's payload, with typed access to the common fields and ``event["any_key"]`` for the rest."""

    name = _TextField("hook_event_name", "``hook_event_name``: ``PreToolUse``, ``Stop``, ...")
    session_id = _TextField("session_id")
    cwd = _TextField("cwd")
    tool_name = _TextField("tool_name")
    command = _TextField("command", "``tool_input.command`` (a Bash call's command line), or ``\"\"``.", True)
    file_path = _TextField("file_path", "``tool_input.file_path`` (Write, Edit, Read), or ``\"\"``.", True)
    prompt = _TextField("prompt", "``prompt`` of UserPromptSubmit, or ``\"\"``.")

    def __init__(self, payload: Mapping[str, Any]) -> None:
        self.payload: Dict[str, Any] = dict(payload)

    def __getitem__(self, key: str) -> Any:
        return self.payload[key]

    def get(self, key: str, default: Any = None) -> Any:
        """The payload field ``key``, or ``default``."""
        return self.payload.get(key, default)

    @property
    def tool_input(self) -> Dict[str, Any]:
        value = self.payload.get("tool_input")
        return dict(value) if isinstance(value, Mapping) else {}


class Decision:
    """What a hook answers: an exit code and what it prints (built by the helpers below)."""

    def __init__(self, exit_code: int = 0, output: Optional[Dict[str, Any]] = None, stderr: str = "") -> None:
        self.exit_code = exit_code
        self.output = output
        self.stderr = stderr

    @property
    def stdout(self) -> str:
        return "" if self.output is None else json.dumps(self.output, ensure_ascii=False)


def _permission(event: Optional[Event], decision: str, reason: str) -> Decision:
    name = event.name if event is not None and event.name else "PreToolUse"
    return Decision(
        output={
            "hookSpecificOutput": {
                "hookEventName": name,
                "permissionDecision": decision,
                "permissionDecisionReason": reason,
            }
        }
    )


def deny(reason: str, event: Optional[Event] = None) -> Decision:
    """Refuses the tool call (PreToolUse), with ``reason`` for the model."""
    return _permission(event, "deny", reason)


def ask(reason: str, event: Optional[Event] = None) -> Decision:
    """Asks the user to confirm the tool call (PreToolUse)."""
    return _permission(event, "ask", reason)


def allow(reason: str = "", event: Optional[Event] = None) -> Decision:
    """Allows the tool call without asking (PreToolUse)."""
    return _permission(event, "allow", reason)


def block(reason: str) -> Decision:
    """Blocks: keeps a Stop going, refuses a prompt, or feeds ``reason`` back after a tool."""
    return Decision(output={"decision": "block", "reason": reason})


def add_context(text: str, event: Optional[Event] = None) -> Decision:
    """Adds ``text`` to the model's context."""
    name = event.name if event is not None and event.name else None
    if name is None:
        return Decision(output={"additionalContext": text})
    return Decision(output={"hookSpecificOutput": {"hookEventName": name, "additionalContext": text}})


HookFunction = Callable[[Event], Union[Decision, None]]


def _answer(hook: HookFunction, payload: Any) -> Decision:
    """Runs the hook on one payload; an exception is a non-blocking error (exit 1)."""
    if not isinstance(payload, Mapping):
        return Decision(exit_code=1, stderr="the event is not a JSON object")
    try:
        decision = hook(Event(payload))
    except Exception:  # noqa: BLE001 - a hook's failure is reported, never a crash of the loop
        return Decision(exit_code=1, stderr=traceback.format_exc())
    return decision if decision is not None else Decision()


def serve_persistent(hook: HookFunction, first_line: Optional[str] = None,
                     stdin: Optional[IO[str]] = None, stdout: Optional[IO[str]] = None) -> None:
    """Answers events over the persistent protocol until standard input ends."""
    source = stdin or sys.stdin
    sink = stdout or sys.stdout

    def handle(line: str) -> None:
        if not line.strip():
            return
        try:
            message = json.loads(line)
        except ValueError:
            return
        if not isinstance(message, dict) or "id" not in message:
            return
        decision = _answer(hook, message.get("payload"))
        answer = {"id": message["id"], "exitCode": decision.exit_code, "stdout": decision.stdout, "stderr": decision.stderr}
        sink.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sink.flush()

    if first_line is not None:
        handle(first_line)
    for line in source:
        handle(line)


def run(hook: HookFunction) -> None:
    """Runs ``hook`` as the engine started this script: once, or as a persistent handler."""
    first = sys.stdin.readline()
    try:
        message = json.loads(first) if first.strip() else {}
    except ValueError:
        # Not one line of JSON: a one-shot payload spread over lines.
        message = json.loads(first + sys.stdin.read())
    if isinstance(message, dict) and set(message) == {"id", "payload"}:
        serve_persistent(hook, first)
        return
    rest = sys.stdin.read()
    if rest.strip():
        message = json.loads(first + rest)
    decision = _answer(hook, message)
    if decision.stdout:
        sys.stdout.write(decision.stdout + "\n")
    if decision.stderr:
        sys.stderr.write(decision.stderr)
    sys.stdout.flush()
    sys.exit(decision.exit_code)
