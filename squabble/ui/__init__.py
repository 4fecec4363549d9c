"""The Twilight Squabble scenes (title, set-up, table, options, rules, result, attract mode)."""
