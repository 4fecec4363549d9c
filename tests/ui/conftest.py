import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("SQUABBLE_DATA_DIR"):  # (tests/conftest.py normally set it already)
    _DATA = tempfile.mkdtemp(prefix="squabble-ui-tests-")
    os.environ["SQUABBLE_DATA_DIR"] = _DATA
    atexit.register(shutil.rmtree, _DATA, ignore_errors=True)

import pytest  # noqa: E402


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(data_dir):
    from tests.ui.driver import new_app
    a = new_app()
    yield a
    a.stack.replace_all  # keep a reference until the end of the test
