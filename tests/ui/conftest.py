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


@pytest.fixture(autouse=True)
def _no_hosted_server_outlives_its_test():
    """A server a test's window hosted (Play online, Host a game; the monkey test may press it)
    is stopped when the test ends: a later test's window would otherwise take it over, with the
    first test's data folder as its database, and its process would outlive the test."""
    import sys
    yield
    menus = sys.modules.get("squabble.ui.online.menus")
    if menus is not None:
        menus.stop_hosting()


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
