import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SQUABBLE_DATA_DIR", tempfile.mkdtemp(prefix="squabble-ui-tests-"))

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
