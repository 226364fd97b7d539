"""``python -m bench.measure_likely_main train|checked``: how often ``engine.project.paper_files.likely_main`` (the
default main file a user sees when a repository holds several) is the corpus's main file, per version. The rule was
chosen on the training part (in-sample there); the checked part is looked at once after it was committed."""
import json, sys
from corpus.sources import git_dir
from pathlib import Path
from engine.project.git_history import *
from engine.project.paper_files import *
part = sys.argv[1]
d = [e for e in json.load(open("corpus/revisions.json"))["revisions"] if e["part"] == part]
hit = total = 0
for e in d:
    g = git_dir(Path("/work/.mirror"), e["repository"])
    r = open_repository(g)
    if True:
        new = RepoTree(r, resolve(r, e["revised"]["commit"])); old = RepoTree(r, resolve(r, e["submitted"]["commit"]))
        cn, co = main_candidates(new), main_candidates(old)
    for side, c, other, want in (("revised", cn, co, e["revised"]["main"]), ("submitted", co, cn, e["submitted"]["main"])):
        got = likely_main(new if side == "revised" else old, c, frozenset(other))
        total += 1; hit += got == want
        if got != want: print(e["id"], side, "want", want, "got", got, len(c))
    r.close()
print(f"{part}: likely main = the corpus's main on {hit} of {total} versions")
