from squabble.cli import main

raise SystemExit(main())
