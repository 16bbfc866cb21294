"""A table's chat: the messages over the table socket (table.py), their rows and reports
(store.py), which invisible characters a line may hold (text.py), and the operator's retention
sweep of the chat of tables that ended long ago (retention.py)."""
