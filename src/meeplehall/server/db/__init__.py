"""Persistence: SQLAlchemy models, the engine, and the Alembic migrations."""
