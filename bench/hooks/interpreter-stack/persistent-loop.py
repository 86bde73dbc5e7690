#!/usr/bin/env python3
"""The persistent version of a Python hook of this stack: python3 persistent-loop.py <hook.py>.

Loads the hook's decide() once, then speaks the engine's persistent protocol (NDJSON): reads one
request per line on stdin, {"id", "payload"}, and answers each with one line on stdout,
{"id", "exitCode", "stdout", "stderr"}, what the script would have exited with and printed.
"""
import importlib.util
import json
import sys

# Neither command_guard nor a hook it loads may leave a __pycache__ folder beside them.
sys.dont_write_bytecode = True
from command_guard import read_command  # noqa: E402


def load_hook(path):
    """The hook script at path, loaded as a module (its main() does not run)."""
    spec = importlib.util.spec_from_file_location("hook", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answer(hook, request):
    """The answer line's fields for one request."""
    output = hook.decide(read_command(request.get("payload")))
    stdout = "" if output is None else json.dumps(output) + "\n"
    return {"id": request["id"], "exitCode": 0, "stdout": stdout, "stderr": ""}


def main():
    hook = load_hook(sys.argv[1])
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            continue
        if not isinstance(request, dict) or "id" not in request:
            continue
        sys.stdout.write(json.dumps(answer(hook, request)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
