"""A dependency-free Python client for ``agent-hooks serve --stdio``.

A Python agent host starts the hook side once and sends it every event over newline-delimited
JSON-RPC 2.0 (the protocol is described in ``docs/protocol.md``)::

    from agent_hooks_client import AgentHooksClient

    with AgentHooksClient(config=["examples/hooks.json"], profile="deepagents") as hooks:
        result = hooks.dispatch("PreToolUse", {
            "session_id": "s-1",
            "tool_name": "Bash",
            "tool_input": {"command": "rm -rf build"},
        })
        if result["decision"] == "deny":
            print("refused:", result["reason"])

Standard library only, Python 3.9 or later. One reader thread matches answers to requests by id,
so any number of threads may dispatch at once; each request has its own timeout.

The server may call the host back during a dispatch: give plain functions (sync or ``async``) for
the handlers that need the host, and callbacks for the run notifications::

    def evaluate_prompt(request):           # a "prompt" hook: ask your model
        return {"ok": "rm -rf" not in request["prompt"], "reason": "looks destructive"}

    with AgentHooksClient(profile="claude", evaluate_prompt=evaluate_prompt,
                          on_run=lambda phase, run: print(phase, run["statusMessage"] or run["id"])) as hooks:
        hooks.dispatch("PreToolUse", {...})

:class:`AsyncAgentHooksClient` is the same client for ``asyncio`` hosts (``async with``,
``await hooks.dispatch(...)``, ``async def`` callbacks run on the host's loop).

The client starts the ``agent-hooks`` CLI: the one named by ``AGENT_HOOKS_CLI``, else the
repository's when this file is in one, else ``agent-hooks`` on ``PATH``. Installed with
``pip install clients/python``, it also gives the ``agent-hooks-client`` command (and
``python -m agent_hooks_client``), which dispatches one event and prints the result.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import queue
import re
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any, Callable, Dict, List, Mapping, Optional, Sequence

__all__ = [
    "AgentHooksClient",
    "AsyncAgentHooksClient",
    "AgentHooksError",
    "ScopedHooks",
    "ServerError",
    "SUPPORTED_PROTOCOL_VERSIONS",
    "find_agent_hooks",
    "main",
]

#: This client's version: the agent-hooks release it comes with.
__version__ = "0.1.0"

#: The ``protocolVersion`` values of ``hooks/initialize`` this client speaks.
SUPPORTED_PROTOCOL_VERSIONS = (1,)

#: What a server that predates ``decisions`` and ``hostMethods`` in ``hooks/initialize`` serves.
_VERSION_1_METHODS = ["hooks/initialize", "hooks/dispatch", "hooks/explain"]

#: Where the client looks for the CLI first: a path to ``agent-hooks`` (or to ``bin/agent-hooks.js``).
CLI_VARIABLE = "AGENT_HOOKS_CLI"

#: What to tell someone whose machine has no ``agent-hooks`` the client can find.
_INSTALL_HINT = (
    "install it with `npm install -g <agent-hooks clone or packed .tgz>` (docs/install.md of "
    "agent-hooks), set AGENT_HOOKS_CLI to its path, or pass command=[...]"
)


class AgentHooksError(Exception):
    """A request that got no answer: the server could not start, ended, or did not answer in time."""


class ServerError(AgentHooksError):
    """The server refused a request with a JSON-RPC error (``code`` as in docs/protocol.md)."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"{message} (JSON-RPC error {code})")
        self.code = code
        self.message = message


class _Pending:
    """One request waiting for its answer."""

    __slots__ = ("event", "answer")

    def __init__(self) -> None:
        self.event = threading.Event()
        self.answer: Optional[Dict[str, Any]] = None


def _snake_case(name: str) -> str:
    """``evaluatePrompt`` -> ``evaluate_prompt``: a protocol name as a Python keyword."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _short_name(method: str) -> str:
    """``host/evaluatePrompt`` -> ``evaluatePrompt``."""
    return method.rsplit("/", 1)[-1]


class ScopedHooks:
    """A skill's or subagent's hooks added with :meth:`AgentHooksClient.add_scoped_hooks`.

    Active on the server until :meth:`remove` (or the end of the ``with`` block, or the
    connection). ``id`` names the set, ``hook_ids`` its handlers, ``diagnostics`` the problems
    reading them (the valid hooks are active regardless).
    """

    def __init__(self, client: "AgentHooksClient", answer: Mapping[str, Any]) -> None:
        self._client = client
        self.id: str = str(answer.get("id", ""))
        self.hook_ids: List[str] = list(answer.get("hookIds", []))
        self.diagnostics: List[Dict[str, Any]] = list(answer.get("diagnostics", []))
        self.removed = False

    def remove(self) -> bool:
        """Removes the hooks from later dispatches; returns whether the server still had them."""
        if self.removed:
            return False
        self.removed = True
        answer = self._client.request("hooks/removeScopedHooks", {"id": self.id})
        return bool(answer.get("removed")) if isinstance(answer, dict) else False

    def __enter__(self) -> "ScopedHooks":
        return self

    def __exit__(self, *exc_info: object) -> None:
        try:
            self.remove()
        except AgentHooksError:
            pass  # The server is gone, and its scoped hooks with it.


class AgentHooksClient:
    """Starts ``agent-hooks serve --stdio`` and sends it events, from any number of threads.

    Args:
        command: The whole command that starts the server (for example
            ``["ssh", "devbox", "agent-hooks", "serve", "--stdio"]``). Default: the CLI
            :func:`find_agent_hooks` finds, with ``serve --stdio`` and the options below.
        config: Configuration files read instead of discovery (``--config``, in order).
        profile: The hook system profile (``--profile``): ``claude``, ``deepagents``, ...
        args: More arguments added to the default command (``--home``, ``--session``, ...).
        cwd: The server's working directory (where relative hook commands resolve).
        env: The server's environment (default: this process's), always without
            ``AGENT_HOOKS_TOKEN``: the stdio protocol needs no token, and a variable in the
            server's environment stays readable in ``/proc/<pid>/environ`` by every process of
            the user, the hooks it runs included.
        timeout: Seconds one request may take unless the call gives its own; ``None`` waits forever.
        fail_mode: What a dispatch that gets no answer decides: nothing (``"open"``) or ``deny``
            for the events that can deny (``"closed"``; the server's ``decisions`` say which).
        stderr: Where the server's log lines go (default: this process's standard error).
        evaluate_prompt: Answers ``prompt`` hooks (``host/evaluatePrompt``): called with
            ``{prompt, model, input, event}``, returns ``{"ok": bool, "reason": str}`` (or that
            object as JSON text). A plain function or ``async def``.
        run_agent_hook: Answers ``agent`` hooks (``host/runAgentHook``), the same way.
        call_mcp_tool: Runs ``mcp_tool`` hooks (``host/callMcpTool``): called with
            ``{server, tool, input}``, returns ``{"content": [{"type": "text", "text": ...}]}``.
        on_run: Called with ``("started", run)`` as each handler starts (``run["statusMessage"]``
            is the line to show) and ``("ended", run)`` as it ends.
        on_async_output: Called with what an ``async`` hook said once it ended
            (``{sessionId, hookId, additionalContext, systemMessage, rewake, message}``); the same
            output also arrives in the session's next dispatch result.
        trace: Called with ``("sent", message)`` and ``("received", message)`` for every
            protocol message, on the thread that sends or reads it (for logs and tests).

    A handler whose callback is not given is skipped with an ``unsupported_handler_type``
    warning, as in the library. A callback that raises fails its handler (a non-blocking error);
    one that does not return within the handler's timeout is cancelled by the server. Callbacks
    run on their own threads (``async`` ones on a fresh event loop each), run notifications on
    one thread, in order.

    Raises:
        AgentHooksError: No ``agent-hooks`` CLI was found (the message says how to install it),
            the server could not start, did not answer ``hooks/initialize``, or speaks a
            protocol version this client does not know.
    """

    def __init__(
        self,
        command: Optional[Sequence[str]] = None,
        *,
        config: Sequence[str] = (),
        profile: Optional[str] = None,
        args: Sequence[str] = (),
        cwd: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = 60.0,
        fail_mode: str = "open",
        stderr: Optional[IO[Any]] = None,
        evaluate_prompt: Optional[Callable[[Dict[str, Any]], Any]] = None,
        run_agent_hook: Optional[Callable[[Dict[str, Any]], Any]] = None,
        call_mcp_tool: Optional[Callable[[Dict[str, Any]], Any]] = None,
        on_run: Optional[Callable[[str, Dict[str, Any]], Any]] = None,
        on_async_output: Optional[Callable[[Dict[str, Any]], Any]] = None,
        trace: Optional[Callable[[str, Dict[str, Any]], Any]] = None,
        _loop: Optional[asyncio.AbstractEventLoop] = None,
    ) -> None:
        if fail_mode not in ("open", "closed"):
            raise ValueError(f'fail_mode must be "open" or "closed", got {fail_mode!r}')
        self.timeout = timeout
        self.fail_mode = fail_mode
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._pending: Dict[int, _Pending] = {}
        self._next_id = 1
        self._ended: Optional[str] = None
        self._loop = _loop
        # Keyword name -> function: the callbacks offered, read against the server's hostMethods.
        self._callbacks: Dict[str, Callable[[Dict[str, Any]], Any]] = {
            name: function
            for name, function in (
                ("evaluate_prompt", evaluate_prompt),
                ("run_agent_hook", run_agent_hook),
                ("call_mcp_tool", call_mcp_tool),
            )
            if function is not None
        }
        self._on_run = on_run
        self._on_async_output = on_async_output
        self._trace = trace
        self._host_handlers: Dict[str, Callable[[Dict[str, Any]], Any]] = {}
        self._notifications: "queue.Queue[Optional[Dict[str, Any]]]" = queue.Queue()
        argv = list(command) if command is not None else _default_command(config, profile, args)
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                cwd=cwd,
                env=_server_environment(env),
            )
        except OSError as error:
            raise AgentHooksError(f"cannot start {argv[0]!r}: {error}") from error
        self._reader = threading.Thread(
            target=self._read_messages, name="agent-hooks-reader", daemon=True
        )
        self._reader.start()
        self._notifier = threading.Thread(
            target=self._deliver_notifications, name="agent-hooks-notifier", daemon=True
        )
        self._notifier.start()
        try:
            initialized = self._initialize()
        except AgentHooksError:
            self.close()
            raise
        #: The profile the server serves.
        self.profile: str = initialized.get("profile", "")
        #: The profile's event names; dispatch refuses others without a round trip.
        self.events: List[str] = list(initialized.get("events", []))
        #: Per event, the decisions it can return (``"deny"`` in it: fail closed denies it).
        self.decisions: Dict[str, List[str]] = dict(initialized.get("decisions", {}))
        #: The methods the server answers (servers that predate the list answer the first three).
        self.methods: List[str] = list(initialized.get("methods", _VERSION_1_METHODS))
        #: The ``host/*`` methods the server may call and the notifications it can send.
        self.host_methods: List[str] = list(initialized.get("hostMethods", []))
        self.notifications: List[str] = list(initialized.get("notifications", []))
        #: The load diagnostics of the server's engine (a bad file, an unknown event, ...).
        self.diagnostics: List[Dict[str, Any]] = list(initialized.get("diagnostics", []))

    def _initialize(self) -> Dict[str, Any]:
        """Sends ``hooks/initialize``: first bare, to learn what the server speaks, then with the
        callbacks and notifications this host serves, named as the server names them."""
        first = self.request("hooks/initialize", {})
        version = first.get("protocolVersion") if isinstance(first, dict) else None
        if version not in SUPPORTED_PROTOCOL_VERSIONS:
            raise AgentHooksError(f"the server speaks protocol version {version!r}; this client speaks 1")
        offered = set(self._callbacks)
        served: List[str] = []
        for method in first.get("hostMethods", []):
            name = _short_name(method)
            keyword = _snake_case(name)
            if keyword in offered:
                served.append(name)
                self._host_handlers[method] = self._callbacks[keyword]
                offered.discard(keyword)
        if offered:
            raise AgentHooksError(
                f"this server cannot call {', '.join(sorted(offered))} (it calls: "
                f"{', '.join(first.get('hostMethods', [])) or 'nothing'})"
            )
        wanted: List[str] = []
        for method in first.get("notifications", []):
            name = _short_name(method)
            if (name in ("runStarted", "runEnded") and self._on_run is not None) or (
                name == "asyncOutput" and self._on_async_output is not None
            ):
                wanted.append(name)
        if not served and not wanted:
            return first
        params: Dict[str, Any] = {}
        if served:
            params["hostCallbacks"] = served
        if wanted:
            params["notifications"] = wanted
        return self.request("hooks/initialize", params)

    def __enter__(self) -> "AgentHooksClient":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def dispatch(
        self,
        event: str,
        payload: Optional[Mapping[str, Any]] = None,
        *,
        as_subagent: Optional[bool] = None,
        tool_input_schema: Any = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Runs the hooks of one event and returns the DispatchResult as a dict; never raises.

        A request that gets no answer (timeout, a server that ended, a refusal) returns a result
        with no decision (or ``deny`` for the events that can deny when failing closed) and one
        ``remote_unavailable`` error diagnostic, as the TypeScript remote engine does.

        Args:
            event: An event of the server's profile, such as ``"PreToolUse"``.
            payload: The event payload (``session_id``, ``tool_name``, ``tool_input``, ...).
            as_subagent: Dispatch the event as its subagent form (Stop as SubagentStop).
            tool_input_schema: A JSON Schema (dict or bool) a rewritten tool input must match.
            timeout: Seconds for this request (default: the client's ``timeout``).
        """
        # Answered here, as a local engine answers them, without a round trip.
        if event not in self.events:
            known = ", ".join(self.events)
            return _empty_result(
                event,
                "unknown_event",
                f'The {self.profile} profile has no event "{event}" (events: {known})',
            )
        if payload is not None and not isinstance(payload, Mapping):
            return _empty_result(
                event, "invalid_payload", f"The {event} payload must be a JSON object"
            )
        options: Dict[str, Any] = {}
        if as_subagent is not None:
            options["asSubagent"] = as_subagent
        if tool_input_schema is not None:
            options["toolInputSchema"] = tool_input_schema
        params: Dict[str, Any] = {"event": event, "payload": dict(payload or {})}
        if options:
            params["options"] = options
        try:
            return self.request("hooks/dispatch", params, timeout=timeout)
        except AgentHooksError as error:
            return self._unavailable_result(event, str(error))

    def explain(
        self,
        event: str,
        payload: Optional[Mapping[str, Any]] = None,
        *,
        as_subagent: Optional[bool] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Returns the server's HookExplanation: why each configured hook would or would not run.

        Nothing runs. Raises AgentHooksError (or ServerError) when there is no answer.
        """
        params: Dict[str, Any] = {"event": event, "payload": dict(payload or {})}
        if as_subagent is not None:
            params["options"] = {"asSubagent": as_subagent}
        return self.request("hooks/explain", params, timeout=timeout)

    def add_scoped_hooks(
        self,
        scope: str,
        *,
        name: Optional[str] = None,
        file: Optional[str] = None,
        hooks: Any = None,
        source: Optional[str] = None,
        agent_id: Optional[str] = None,
    ) -> ScopedHooks:
        """Adds a skill's or subagent's hooks (``scope`` ``"skill"`` or ``"subagent"``) to later dispatches.

        Give ``hooks`` (the shape of settings' ``hooks``) or ``file`` (a ``SKILL.md`` or agent
        file on the server's machine, its frontmatter ``hooks``); ``agent_id`` limits a subagent's
        hooks to events whose payload has that ``agent_id``. Returns a :class:`ScopedHooks` to
        remove them (also a context manager). Raises ServerError where the server does not allow
        it (``hooks/addScopedHooks`` not in ``methods``).
        """
        params: Dict[str, Any] = {"scope": scope}
        for key, value in (
            ("name", name),
            ("file", file),
            ("hooks", hooks),
            ("source", source),
            ("agentId", agent_id),
        ):
            if value is not None:
                params[key] = value
        return ScopedHooks(self, self.request("hooks/addScopedHooks", params))

    def request(
        self, method: str, params: Any = None, *, timeout: Optional[float] = None
    ) -> Any:
        """Sends one JSON-RPC request and waits for its result.

        Raises:
            ServerError: The server answered with a JSON-RPC error.
            AgentHooksError: No answer within the timeout, or the server ended first. A late
                answer is dropped.
        """
        pending = _Pending()
        with self._lock:
            if self._ended is not None:
                raise AgentHooksError(f"the server is not running ({self._ended})")
            request_id = self._next_id
            self._next_id += 1
            self._pending[request_id] = pending
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        try:
            self._send(message)
        except (OSError, ValueError) as error:
            self._forget(request_id)
            raise AgentHooksError(f"cannot send {method}: the server ended ({error})") from error
        limit = self.timeout if timeout is None else timeout
        if not pending.event.wait(limit):
            self._forget(request_id)
            raise AgentHooksError(f"no answer to {method} within {limit:g} s")
        answer = pending.answer
        if answer is None:
            raise AgentHooksError(
                f"the server ended before answering {method} ({self._ended or 'closed'})"
            )
        if "error" in answer:
            error = answer["error"] if isinstance(answer["error"], dict) else {}
            raise ServerError(int(error.get("code", 0)), str(error.get("message", "")))
        return answer.get("result")

    def close(self, timeout: float = 10.0) -> Optional[int]:
        """Ends the server: closes its input, waits up to ``timeout`` seconds, then kills it.

        Requests still waiting end with AgentHooksError (a dispatch: ``remote_unavailable``).
        Returns the server's exit code. Safe to call more than once.
        """
        process = self._process
        try:
            with self._write_lock:
                if process.stdin is not None and not process.stdin.closed:
                    process.stdin.close()
        except OSError:
            pass
        try:
            code = process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            code = process.wait()
        self._reader.join(timeout)
        self._end("closed")
        if threading.current_thread() is not self._notifier:
            self._notifier.join(timeout)
        if process.stdout is not None:
            process.stdout.close()
        return code

    def _send(self, message: Mapping[str, Any]) -> None:
        if self._trace is not None:
            self._trace("sent", dict(message))
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._write_lock:
            stdin = self._process.stdin
            assert stdin is not None
            stdin.write(line.encode("utf-8"))
            stdin.flush()

    def _read_messages(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        for raw in stdout:
            try:
                message = json.loads(raw.decode("utf-8"))
            except ValueError:
                continue  # Not a protocol line: standard output carries only protocol messages.
            if not isinstance(message, dict):
                continue
            if self._trace is not None:
                self._trace("received", message)
            method = message.get("method")
            if isinstance(method, str):
                if "id" in message:
                    self._answer_host_request(message["id"], method, message.get("params"))
                else:
                    self._notifications.put(message)
                continue
            if not isinstance(message.get("id"), int):
                continue  # An error with id null (an unreadable request) has no waiter.
            with self._lock:
                pending = self._pending.pop(message["id"], None)
            if pending is not None:
                pending.answer = message
                pending.event.set()
        self._end(f"its output ended, exit code {self._process.poll()}")

    def _answer_host_request(self, request_id: Any, method: str, params: Any) -> None:
        """Runs the callback of a ``host/*`` request on its own thread and sends what it returns."""
        handler = self._host_handlers.get(method)
        if handler is None:
            self._send_quietly(
                {
                    "jsonrpc": "2.0",
                    "id": request_id,
                    "error": {"code": -32601, "message": f"Method not found: {method}"},
                }
            )
            return

        def run() -> None:
            try:
                result = self._call(handler, params if isinstance(params, dict) else {})
                answer: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "result": result}
            except Exception as error:  # noqa: BLE001 - a callback's failure is its handler's
                answer = {
                    "jsonrpc": "2.0",
                    "id": request_id,
                    "error": {"code": -32603, "message": f"{type(error).__name__}: {error}"},
                }
            self._send_quietly(answer)

        threading.Thread(target=run, name=f"agent-hooks-{_short_name(method)}", daemon=True).start()

    def _call(self, function: Callable[..., Any], *arguments: Any) -> Any:
        """Calls a host function; an ``async`` one runs on the host's loop, else on a new one."""
        result = function(*arguments)
        if not inspect.isawaitable(result):
            return result
        loop = self._loop
        if loop is not None and loop.is_running():
            return asyncio.run_coroutine_threadsafe(_awaited(result), loop).result()
        return asyncio.run(_awaited(result))

    def _send_quietly(self, message: Mapping[str, Any]) -> None:
        try:
            self._send(message)
        except (OSError, ValueError):
            pass  # The server went away; it no longer waits for this answer.

    def _deliver_notifications(self) -> None:
        while True:
            message = self._notifications.get()
            if message is None:
                return
            method = _short_name(str(message.get("method", "")))
            params = message.get("params")
            try:
                if method == "runStarted" and self._on_run is not None:
                    self._call(self._on_run, "started", params)
                elif method == "runEnded" and self._on_run is not None:
                    self._call(self._on_run, "ended", params)
                elif method == "asyncOutput" and self._on_async_output is not None:
                    self._call(self._on_async_output, params)
                # $/cancelRequest: the callback's answer, when it comes, is dropped by the server.
            except Exception:  # noqa: BLE001 - a notification callback must not stop the others
                pass

    def _forget(self, request_id: int) -> None:
        with self._lock:
            self._pending.pop(request_id, None)

    def _end(self, reason: str) -> None:
        with self._lock:
            first = self._ended is None
            if first:
                self._ended = reason
            waiting = list(self._pending.values())
            self._pending.clear()
        if first:
            self._notifications.put(None)
        for pending in waiting:
            pending.event.set()

    def _unavailable_result(self, event: str, reason: str) -> Dict[str, Any]:
        denies = self.fail_mode == "closed" and "deny" in self.decisions.get(event, [])
        message = f"The {event} hooks did not run: {reason}"
        result = _empty_result(
            event,
            "remote_unavailable",
            message + ("; denied (fail_mode closed)" if denies else ""),
        )
        if denies:
            result["decision"] = "deny"
            result["reason"] = (
                f"Denied because the hooks could not be reached ({reason}) "
                "and the client fails closed"
            )
        return result


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


class AsyncAgentHooksClient:
    """:class:`AgentHooksClient` for ``asyncio`` hosts: the same arguments, awaited methods.

    ``async with AsyncAgentHooksClient(...) as hooks`` starts the server without blocking the
    loop; ``await hooks.dispatch(...)``, ``explain``, ``add_scoped_hooks`` and ``request`` run the
    blocking calls on the loop's executor. ``async def`` callbacks (``evaluate_prompt``,
    ``on_run``, ...) run on this loop, so they may use the host's own async model client.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._args = args
        self._kwargs = kwargs
        self._client: Optional[AgentHooksClient] = None

    @property
    def client(self) -> AgentHooksClient:
        """The underlying client (its ``profile``, ``events``, ``decisions``, ``diagnostics``...)."""
        if self._client is None:
            raise AgentHooksError("the client is not started: use `async with` or await start()")
        return self._client

    async def start(self) -> "AsyncAgentHooksClient":
        """Starts the server and sends ``hooks/initialize``; ``async with`` calls it."""
        loop = asyncio.get_running_loop()
        self._client = await loop.run_in_executor(
            None, lambda: AgentHooksClient(*self._args, _loop=loop, **self._kwargs)
        )
        return self

    async def __aenter__(self) -> "AsyncAgentHooksClient":
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _run(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, lambda: function(*args, **kwargs))

    async def dispatch(self, event: str, payload: Optional[Mapping[str, Any]] = None, **options: Any) -> Dict[str, Any]:
        """:meth:`AgentHooksClient.dispatch`, awaited."""
        return await self._run(self.client.dispatch, event, payload, **options)

    async def explain(self, event: str, payload: Optional[Mapping[str, Any]] = None, **options: Any) -> Dict[str, Any]:
        """:meth:`AgentHooksClient.explain`, awaited."""
        return await self._run(self.client.explain, event, payload, **options)

    async def add_scoped_hooks(self, scope: str, **options: Any) -> ScopedHooks:
        """:meth:`AgentHooksClient.add_scoped_hooks`, awaited (its ``remove()`` blocks briefly)."""
        return await self._run(self.client.add_scoped_hooks, scope, **options)

    async def request(self, method: str, params: Any = None, **options: Any) -> Any:
        """:meth:`AgentHooksClient.request`, awaited."""
        return await self._run(self.client.request, method, params, **options)

    async def close(self, timeout: float = 10.0) -> Optional[int]:
        """:meth:`AgentHooksClient.close`, awaited; safe to call more than once."""
        if self._client is None:
            return None
        return await self._run(self._client.close, timeout)


def _empty_result(event: str, code: str, message: str) -> Dict[str, Any]:
    """A DispatchResult in which nothing ran and nothing was decided, with one error diagnostic."""
    return {
        "event": event,
        "decision": None,
        "reason": None,
        "continue": True,
        "stopReason": None,
        "systemMessages": [],
        "additionalContext": [],
        "updatedInput": None,
        "runs": [],
        "diagnostics": [
            {"code": code, "severity": "error", "message": message, "file": None, "path": None}
        ],
    }


def _server_environment(env: Optional[Mapping[str, str]]) -> Dict[str, str]:
    """``env`` (default: this process's environment) without ``AGENT_HOOKS_TOKEN``."""
    chosen = dict(os.environ if env is None else env)
    chosen.pop("AGENT_HOOKS_TOKEN", None)
    return chosen


def find_agent_hooks() -> List[str]:
    """The command that starts the ``agent-hooks`` CLI, as an argument list.

    In order: ``AGENT_HOOKS_CLI`` (an executable, or a ``.js`` file run with ``node``); the
    repository's ``bin/agent-hooks.js`` when this file is its ``clients/python/agent_hooks_client.py``
    (a clone, or ``node_modules/agent-hooks``); ``agent-hooks`` on ``PATH``.

    Raises:
        AgentHooksError: None of them exists; the message says how to install the CLI.
    """
    named = os.environ.get(CLI_VARIABLE)
    if named:
        if not Path(named).is_file():
            raise AgentHooksError(f"{CLI_VARIABLE}={named!r} is not a file: {_INSTALL_HINT}")
        return _start_file(Path(named))
    here = Path(__file__).resolve()
    if len(here.parents) > 2 and here.parent.name == "python" and here.parents[1].name == "clients":
        repository_bin = here.parents[2] / "bin" / "agent-hooks.js"
        if repository_bin.is_file():
            return _start_file(repository_bin)
    found = shutil.which("agent-hooks")
    if found is None:
        raise AgentHooksError(f"cannot find the agent-hooks CLI (not on PATH): {_INSTALL_HINT}")
    return [found]


def _start_file(file: Path) -> List[str]:
    """``node <file>`` for a JavaScript file (no execute bit needed), else the file itself."""
    if file.suffix in (".js", ".mjs", ".cjs"):
        return [os.environ.get("AGENT_HOOKS_NODE") or shutil.which("node") or "node", str(file)]
    return [str(file)]


def _default_command(config: Sequence[str], profile: Optional[str], args: Sequence[str]) -> List[str]:
    """``<the CLI> serve --stdio`` with ``--profile``, each ``--config`` and ``args``."""
    argv = find_agent_hooks() + ["serve", "--stdio"]
    if profile is not None:
        argv += ["--profile", profile]
    for file in config:
        argv += ["--config", file]
    return argv + list(args)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``agent-hooks-client EVENT``: dispatches one event (payload on stdin) and prints the result.

    Exits 0 with the DispatchResult as JSON on standard output, or 1 with the reason on standard
    error when the server cannot be started or the payload is not a JSON object.
    """
    parser = argparse.ArgumentParser(
        prog="agent-hooks-client",
        description="Dispatch one event through agent-hooks serve --stdio and print the "
        "DispatchResult as JSON. The payload is read from standard input (default: {}).",
        epilog="example: echo '{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rm -rf build\"}}' "
        "| agent-hooks-client PreToolUse --profile claude",
    )
    parser.add_argument("event", help="the event to dispatch, such as PreToolUse")
    parser.add_argument("--profile", help="the hook system profile (default: detected)")
    parser.add_argument(
        "--config", action="append", default=[], help="a configuration file (repeatable)"
    )
    parser.add_argument("--cwd", help="the session working directory (default: this one)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    options = parser.parse_args(argv)
    text = "" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.read()
    try:
        payload = json.loads(text) if text.strip() else {}
    except ValueError as error:
        print(f"agent-hooks-client: the payload is not valid JSON: {error}", file=sys.stderr)
        return 1
    if not isinstance(payload, dict):
        print("agent-hooks-client: the payload must be a JSON object", file=sys.stderr)
        return 1
    args = [] if options.cwd is None else ["--cwd", options.cwd]
    try:
        with AgentHooksClient(config=options.config, profile=options.profile, args=args) as hooks:
            result = hooks.dispatch(options.event, payload)
    except AgentHooksError as error:
        print(f"agent-hooks-client: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
