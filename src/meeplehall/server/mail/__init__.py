"""Outgoing e-mail: the sender, its texts in three languages, and signed links."""
