"""What operators use: admin actions, logging, backups and metrics."""
