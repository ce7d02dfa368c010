"""Game families: each folder holds one family's rules, engine, views, position text and records."""
