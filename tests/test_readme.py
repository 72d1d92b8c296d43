"""The README's API tour runs as written, and its set-up commands match .ci/run."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_the_api_tour_runs(capsys):
    block = re.search(r"## A tour of the API\n\n```python\n(.*?)```", README, re.S).group(1)
    namespace: dict = {}
    # runs the project's own README code block, never user input
    exec(compile(block, "README.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "fired" in out and "Glory" in out
    assert len(namespace["results"]) == 20
    assert namespace["what_if"].actions[-1].__class__.__name__ == "Reseed"


def test_ci_runs_the_readme_test_command():
    commands = re.findall(r"```bash\n(.*?)\n```", README)
    test_command = next(c for c in commands if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text()
    assert any("racerlab serve" in c for c in commands)
