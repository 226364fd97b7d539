"""Offline guarantee: the whole CLI flow and the GUI selftest run in subprocesses
whose network is blocked twice: ``netblock/sitecustomize.py`` patches Python's ``socket``, and, where a C
compiler is present, ``netblock/netblock.c`` is preloaded (``LD_PRELOAD``) so that C code (llama.cpp, ONNX
Runtime, Qt) cannot connect, send a datagram or look up a name unseen either. With
``HF_HUB_OFFLINE``/``TRANSFORMERS_OFFLINE`` unset so the defaults are what is
tested; no connection or name lookup may be attempted. Only ``redraft models
download`` goes online, and under the block it fails with a one-line error."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from testkit.gguf_factory import write_tiny_llama

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo"
NETBLOCK = Path(__file__).resolve().parent / "netblock"

BIB = """@article{a1, title = {Early exits for streaming speech recognition}, author = {Doe, Jane},
  year = {2022}, abstract = {We add early-exit heads to a Conformer and save computation.}}
@inproceedings{a2, title = {Layer skipping in transformers}, author = {Doe, Jane and Roe, R.}, year = {2021},
  abstract = {Skipping layers at inference time.}}
"""

# One process runs every CLI step through ``main`` (imports paid once); each step prints its exit code.
DRIVER = """
import json, sys, contextlib, io
from engine.cli.main import main
codes = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    codes.append([argv[0], code, err.getvalue()[-300:]])
print(json.dumps(codes))
"""


def c_netblock(folder: Path) -> Path | None:
    """The preloadable C blocker, compiled into ``folder``; None where there is no gcc (not Linux)."""
    if not sys.platform.startswith("linux") or shutil.which("gcc") is None:
        return None
    lib = folder / "libnetblock.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O1", "-o", str(lib), str(NETBLOCK / "netblock.c"), "-ldl"],
                   check=True, capture_output=True, timeout=120)
    return lib


def offline_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    log = tmp_path / "net.log"
    env = {k: v for k, v in os.environ.items() if k not in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    env.update(PYTHONPATH=os.pathsep.join([str(NETBLOCK), str(REPO)]), REDRAFT_NET_LOG=str(log),
               QT_QPA_PLATFORM="offscreen")
    lib = c_netblock(tmp_path)
    if lib is not None:
        env["LD_PRELOAD"] = " ".join(filter(None, [str(lib), env.get("LD_PRELOAD", "")]))
    return env, log


def attempts(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_the_blocker_catches_a_connection(tmp_path: Path) -> None:
    """The harness is not vacuous: urllib and a raw socket are both caught and logged."""
    env, log = offline_env(tmp_path)
    code = ("import urllib.request, socket\n"
            "for f in (lambda: urllib.request.urlopen('http://example.org', timeout=2),\n"
            "          lambda: socket.create_connection(('93.184.216.34', 80), timeout=2),\n"
            "          lambda: socket.socket().connect(('93.184.216.34', 80))):\n"
            "    try: f()\n"
            "    except OSError: print('caught')\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["caught"] * 3, out.stderr
    assert len(attempts(log)) >= 3


C_CONNECT = """#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
int main(void) {
    struct addrinfo *res;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(80);
    inet_pton(AF_INET, "93.184.216.34", &a.sin_addr);
    printf("%d %d\\n", connect(fd, (struct sockaddr *)&a, sizeof a), getaddrinfo("example.org", "80", 0, &res) != 0);
    return 0;
}
"""


def test_the_c_blocker_catches_native_code(tmp_path: Path) -> None:
    """A C program (no Python at all) that connects and resolves a name is stopped and logged."""
    env, log = offline_env(tmp_path)
    if "LD_PRELOAD" not in env:
        pytest.skip("no C compiler to build the preloaded blocker")
    (tmp_path / "connect.c").write_text(C_CONNECT, encoding="utf-8")
    subprocess.run(["gcc", "-o", str(tmp_path / "connect"), str(tmp_path / "connect.c")], check=True, timeout=120)
    out = subprocess.run([str(tmp_path / "connect")], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["-1", "1"]
    assert sorted(line.split()[1:3] for line in attempts(log)) == [["C", "connect"], ["C", "getaddrinfo"]]


@pytest.mark.slow
def test_cli_flow_and_gui_make_no_connection(tmp_path: Path) -> None:
    env, log = offline_env(tmp_path)
    env["REDRAFT_HOME"] = str(tmp_path / "home")
    env["HOME"] = str(tmp_path / "user")  # where ONNX Runtime's telemetry would keep its offline queue
    model = write_tiny_llama(tmp_path / "tiny.gguf")
    bib = tmp_path / "doe.bib"
    bib.write_text(BIB, encoding="utf-8")
    v1, v2, reviews = (str(DEMO / n) for n in ("draft_v1.md", "draft_v2.md", "reviews.md"))
    project = tmp_path / "demo.redraft"
    steps = [
        ["extract", v1, "--json"],
        ["diff", v1, v2, "--json"],
        ["comments", reviews, "--json"],
        ["align", "--old", v1, "--new", v2, "--reviews", reviews, "--method", "hybrid", "--json"],
        ["suggest", v1, "--comment", "How sensitive is the method to tau?", "--model", str(model),
         "--max-tokens", "48", "--ctx", "2048", "--json"],
        ["tldr", v1, "--model", str(model), "--max-tokens", "48", "--ctx", "2048", "--json"],
        ["tldr", v1, "--extractive", "--json"],
        ["expertise", "--profile", str(bib), "--paper", v1, "--json"],
        ["project", "new", "demo", "--old", v1, "--new", v2, "--reviews", reviews, "--aligner", "hybrid",
         "--out", str(project)],
        ["export", str(project), "--letter", str(tmp_path / "letter.md"), "--report", str(tmp_path / "report.html")],
        ["models", "list", "--json"],
    ]
    out = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(steps)], env=env, cwd=tmp_path,
                         capture_output=True, text=True, timeout=500)
    assert out.returncode == 0, out.stderr[-3000:]
    codes = json.loads(out.stdout.strip().splitlines()[-1])
    assert [name for name, _, _ in codes] == [s[0] for s in steps]
    for name, code, err in codes:
        # the tiny GGUF writes noise: it loads and generates, but may not finish the JSON in 48 tokens
        noise = name in ("suggest", "tldr") and "gave no usable answer" in err
        assert code == 0 or noise, (name, code, err)
    assert (tmp_path / "letter.md").stat().st_size > 0 and (tmp_path / "report.html").stat().st_size > 0

    shot = tmp_path / "selftest.png"
    gui = subprocess.run([sys.executable, "-m", "redraft_app.main", "gui", "--selftest", str(shot)], env=env,
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert gui.returncode == 0, gui.stderr[-3000:]
    assert shot.stat().st_size > 10_000
    assert attempts(log) == [], "\n".join(attempts(log))
    assert not (tmp_path / "user" / ".cache" / "Microsoft").exists()  # ONNX Runtime's telemetry queue


def test_model_download_is_the_one_online_path(tmp_path: Path) -> None:
    """Asked explicitly, a download tries the network; blocked, it fails with one line and exit 2."""
    env, log = offline_env(tmp_path)
    env["REDRAFT_HOME"] = str(tmp_path / "home")
    out = subprocess.run([sys.executable, "-m", "engine.cli.main", "models", "download", "qwen2.5-1.5b-instruct"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and out.stderr.strip().count("\n") == 0
    from engine.models.download import recommended

    if not recommended("qwen2.5-1.5b-instruct").pinned:  # no revision and hash in the manifest: nothing is fetched
        assert "no pinned revision and SHA-256" in out.stderr
        assert attempts(log) == [], "an unpinned model must not be fetched"
        return
    assert "download of qwen2.5-1.5b-instruct failed" in out.stderr
    assert attempts(log), "the download should have tried the network"
