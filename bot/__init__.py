"""Everything that knows Discord or the database: service layer, store, cogs, CLI."""
