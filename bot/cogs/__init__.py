"""Discord cogs: thin adapters over the service layer."""
