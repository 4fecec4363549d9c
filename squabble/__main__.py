import multiprocessing

from squabble.cli import main

if __name__ == "__main__":
    # the computer player's worker process (framework/worker.py) is started with "spawn"; in the
    # PyInstaller one-file bundle the worker is this same executable, which must become the
    # worker here instead of opening another window
    multiprocessing.freeze_support()
    raise SystemExit(main())
