"""A zip-bomb ``.docx`` (a 400 MB ``document.xml`` deflated to under 1 MB) is refused from the zip's declared sizes,
before anything is unpacked: one line, exit 2, and the process stays under 200 MB of memory."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import docx
import pytest

from engine.cli.main import main
from engine.document import load_document
from engine.document.archive import MAX_MEMBERS, check_zip
from engine.errors import InputError
from engine.reviews import load_reviews

ROOT = Path(__file__).resolve().parents[3]
BOMB_MB = 400
#: Peak resident memory of the whole process that refuses the bomb (imports included).
PEAK_LIMIT_MB = 200

# The peak is this process's own high-water mark (VmHWM, in kB): ru_maxrss would carry over the parent's across
# exec on Linux (a pytest worker of a full run is over 1 GB before the child starts).
_MEASURE = """
import json, sys
import docx, pymupdf  # what the loaders import on first use: counted before, not as the cost of refusing
from engine.document import load_document
from engine.errors import InputError
from engine.reviews import load_reviews
def hwm():
    return next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
before = hwm()
refusals = []
for load in (load_document, load_reviews):
    try:
        load(sys.argv[1])
    except InputError as err:
        refusals.append(str(err))
after = hwm()
print(json.dumps({"before_mb": before / 1024, "peak_mb": after / 1024, "refusals": refusals}))
"""


def _real_docx(path: Path) -> Path:
    d = docx.Document()
    d.add_heading("Reviewer 1", level=1)
    d.add_paragraph("The evaluation is too narrow; please add a second dataset and report the variance.")
    d.save(str(path))
    return path


def _bomb(tmp_path: Path) -> Path:
    """A real .docx whose word/document.xml is replaced by 400 MB of paragraphs, deflated (streamed: the test
    itself never holds more than a megabyte of it)."""
    real = _real_docx(tmp_path / "real.docx")
    bomb = tmp_path / "reviews.docx"
    para = b"<w:p><w:r><w:t>" + b"a" * 200 + b"</w:t></w:r></w:p>"
    chunk = para * (1024 * 1024 // len(para))
    with zipfile.ZipFile(real) as src, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != "word/document.xml":
                dst.writestr(info, src.read(info.filename))
                continue
            head = src.read(info.filename).split(b"<w:body>")[0] + b"<w:body>"
            member = zipfile.ZipInfo("word/document.xml")
            member.compress_type = zipfile.ZIP_DEFLATED
            with dst.open(member, "w", force_zip64=True) as out:
                out.write(head)
                for _ in range(BOMB_MB):
                    out.write(chunk)
                out.write(b"</w:body></w:document>")
    return bomb


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from Linux's /proc")
def test_zip_bomb_is_refused_under_200_mb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bomb = _bomb(tmp_path)
    assert bomb.stat().st_size < 2 * 1024 * 1024
    declared = zipfile.ZipFile(bomb).getinfo("word/document.xml").file_size
    assert declared > BOMB_MB * 1e6
    run = subprocess.run([sys.executable, "-c", _MEASURE, str(bomb)], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=True)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert len(result["refusals"]) == 2 and all("zip bomb" in r and "document.xml" in r for r in result["refusals"])
    print(f"zip bomb ({declared / 1e6:.0f} MB declared, {bomb.stat().st_size / 1e6:.2f} MB on disk): "
          f"peak {result['peak_mb']:.0f} MB, {result['before_mb']:.0f} MB after imports")
    assert result["peak_mb"] < PEAK_LIMIT_MB
    assert result["peak_mb"] - result["before_mb"] < 20  # refusing it costs next to nothing
    assert main(["comments", str(bomb)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "zip bomb" in err and "Traceback" not in err


def test_real_docx_still_loads(tmp_path: Path) -> None:
    path = _real_docx(tmp_path / "r.docx")
    check_zip(path)
    assert [r.reviewer for r in load_reviews(path)] == ["Reviewer 1"]


def test_declared_sizes_and_member_counts(tmp_path: Path) -> None:
    many = tmp_path / "many.docx"
    with zipfile.ZipFile(many, "w") as z:
        for i in range(MAX_MEMBERS + 1):
            z.writestr(f"word/media/{i}.bin", b"")
    with pytest.raises(InputError, match="10,001 members"):
        load_document(many)
    big = tmp_path / "big.docx"
    with zipfile.ZipFile(big, "w", zipfile.ZIP_STORED) as z:  # stored, not deflated: the ratio is 1
        with z.open(zipfile.ZipInfo("word/styles.xml"), "w", force_zip64=True) as out:
            for _ in range(65):
                out.write(b" " * 1024 * 1024)
    with pytest.raises(InputError, match="styles.xml would unpack to 68 MB; at most 67 MB of XML"):
        load_document(big)
