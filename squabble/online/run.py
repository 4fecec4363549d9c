"""``squabble serve``: open the store, listen, print the address, run until Ctrl-C."""

from __future__ import annotations

import asyncio
import os
import signal
import ssl
import sys

from squabble.online.store import StoreError
from squabble.online.store_pg import is_url, open_store


def _say(line: str, stream=None):
    stream = stream or sys.stdout
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError, AttributeError):
        pass


def default_db() -> str:
    from squabble import userdata
    try:
        return str(userdata.data_dir() / "online.sqlite3")
    except OSError as e:
        raise StoreError(f"The user data folder cannot be used ({e.strerror}): give the "
                         f"database with --db FILE.") from None


def migrate(url: str, path: str) -> int:
    """``--migrate-from FILE``: the SQLite server's games copied into PostgreSQL and checked."""
    if not is_url(url):
        raise StoreError("--migrate-from copies into PostgreSQL: give --db "
                         "postgresql://USER@HOST/DB.")
    if not os.path.isfile(path):
        raise StoreError(f"There is no database at {path} to copy.")
    from squabble.online.store_pg import PgStore
    store = PgStore(url)
    try:
        games = store.copy_from(path, say=_say)
    finally:
        store.close()
    _say(f"squabble serve: {games} games copied from {path} into {store.path}; every table's "
         "rows counted and every game replayed to its stored state.")
    return 0


def serve_command(args) -> int:
    if bool(args.certfile) != bool(args.keyfile):
        _say("squabble serve: give both --certfile and --keyfile, or neither.", sys.stderr)
        return 2
    context = None
    if args.certfile:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as e:
            _say(f"squabble serve: the certificate or key cannot be used ({e}).", sys.stderr)
            return 2
    from squabble.online.limits import Limits, trusted_set
    try:
        lim = Limits(games_per_minute=args.games_per_minute, games_per_hour=args.games_per_hour,
                     messages_per_second=args.messages_per_second,
                     connections_per_minute=args.connections_per_minute,
                     unjoined_hours=args.unjoined_hours,
                     trusted_proxies=trusted_set(args.trusted_proxy))
    except ValueError as e:
        _say(f"squabble serve: {e}", sys.stderr)
        return 2
    try:
        path = args.db or default_db()
        if getattr(args, "migrate_from", None):
            return migrate(path, args.migrate_from)
        if args.check and not is_url(path) and not os.path.isfile(path):
            raise StoreError(f"There is no database at {path} to check.")
        store = open_store(path,
                           max_bytes=args.max_db_mb * 1024 * 1024 if args.max_db_mb else None,
                           check=not args.check)
        if args.check:
            try:
                games = store.full_check()
            finally:
                store.close()
            _say(f"squabble serve: the database {store.path} is whole ({games} games).")
            return 0
    except StoreError as e:
        _say(f"squabble serve: {e}", sys.stderr)
        return 2

    def ready(addr):
        host, port = addr[0], addr[1]
        shown = f"[{host}]" if ":" in host else host
        _say(f"squabble serve: listening on {'wss' if context else 'ws'}://{shown}:{port}/ "
             f"(games in {store.path}; {store.count_games()} stored)")

    async def main():
        from squabble.online.server import run
        stop = asyncio.get_running_loop().create_future()
        for sig in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGINT", None)):
            if sig is not None:
                try:
                    asyncio.get_running_loop().add_signal_handler(
                        sig, lambda: stop.done() or stop.set_result(None))
                except Exception:   # Windows' event loop takes no signal handlers:
                    pass            # there Ctrl-C stops the server as KeyboardInterrupt
        from squabble.online.webhooks import Policy
        hooks = Policy(enabled=not args.no_webhooks,
                       allowed_hosts=frozenset(h.lower().strip("[]") for h in args.webhook_allow))
        server = await run(store, args.host, args.port, ssl=context,
                           max_per_address=args.max_per_address, ready=ready, stop=stop,
                           limits=lim, hooks=hooks)
        from squabble.online.server import summary
        _say(f"squabble serve: {summary(server)}.")

    try:
        asyncio.run(main())
    except OSError as e:
        _say(f"squabble serve: cannot listen on {args.host}:{args.port} "
             f"({e.strerror or e}).", sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    _say("squabble serve: stopped.")
    return 0
