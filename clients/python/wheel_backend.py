"""A PEP 517 build backend for ``agent_hooks_client``, written with the standard library only.

``pip install clients/python`` builds the wheel in an isolated environment and installs the
backend's ``requires`` there first. A backend from the package index (setuptools, flit, hatchling)
would need the network; this one needs nothing, so the client installs offline like the Node
package does. It builds what one module needs: a wheel (PEP 427), an editable wheel (PEP 660)
and a source archive. The package's metadata is here; its version is the client module's
``__version__``, which the repository's tests keep equal to ``package.json``'s.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

_HERE = Path(__file__).resolve().parent
_MODULE = "agent_hooks_client"
_NAME = "agent-hooks-client"
_SUMMARY = "A dependency-free Python client for agent-hooks serve --stdio"
_REQUIRES_PYTHON = ">=3.9"
_SCRIPTS = {"agent-hooks-client": f"{_MODULE}:main"}
# What the source archive holds: everything a wheel is built from.
# The hook-author SDK ships beside the client, in the same wheel.
_MODULES = (f"{_MODULE}.py", "agent_hooks_sdk.py")
_SOURCE_FILES = ("pyproject.toml", "wheel_backend.py", *_MODULES, "README.md")


def _read_version() -> str:
    text = (_HERE / f"{_MODULE}.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"{_MODULE}.py has no __version__ line")
    return found.group(1)


def _metadata(version: str) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {_NAME}",
        f"Version: {version}",
        f"Summary: {_SUMMARY}",
        "Home-page: https://github.com/agent-hooks/agent-hooks",
        "License: MIT",
        f"Requires-Python: {_REQUIRES_PYTHON}",
    ]
    readme = _HERE / "README.md"
    if readme.is_file():
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + readme.read_text(encoding="utf-8")
    return "\n".join(lines) + "\n"


def _entry_points() -> str:
    scripts = "".join(f"{name} = {target}\n" for name, target in _SCRIPTS.items())
    return f"[console_scripts]\n{scripts}"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(wheel_directory: str, files: List[Tuple[str, bytes]]) -> str:
    """Writes ``files`` plus the ``.dist-info`` folder as a wheel; returns its file name."""
    version = _read_version()
    stem = f"{_MODULE}-{version}"
    info = f"{stem}.dist-info"
    entries = list(files) + [
        (f"{info}/METADATA", _metadata(version).encode("utf-8")),
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: agent-hooks wheel_backend\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        ),
        (f"{info}/entry_points.txt", _entry_points().encode("utf-8")),
    ]
    record = "".join(_record_line(path, data) + "\n" for path, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode("utf-8")))
    name = f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            # A fixed date keeps the wheel the same from build to build.
            member = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            member.external_attr = 0o644 << 16
            wheel.writestr(member, data, zipfile.ZIP_DEFLATED)
    return name


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """Nothing to install before building: the backend uses the standard library only."""
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """Nothing to install before building an editable wheel either."""
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """Nothing to install before building a source archive either."""
    return []


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    """Builds the wheel: the client and SDK modules, metadata and the ``agent-hooks-client`` command."""
    return _write_wheel(
        wheel_directory, [(module, (_HERE / module).read_bytes()) for module in _MODULES]
    )


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    """Builds an editable wheel: a ``.pth`` file that puts this folder on ``sys.path``."""
    return _write_wheel(wheel_directory, [(f"{_MODULE}.pth", f"{_HERE}\n".encode("utf-8"))])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """Builds the source archive: the files a wheel is built from, and ``PKG-INFO``."""
    version = _read_version()
    stem = f"{_MODULE}-{version}"
    name = f"{stem}.tar.gz"
    members = [(file, (_HERE / file).read_bytes()) for file in _SOURCE_FILES if (_HERE / file).is_file()]
    members.append(("PKG-INFO", _metadata(version).encode("utf-8")))
    with tarfile.open(Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as archive:
        for file, data in members:
            member = tarfile.TarInfo(f"{stem}/{file}")
            member.size = len(data)
            member.mode = 0o644
            member.mtime = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
            archive.addfile(member, io.BytesIO(data))
    return name
