"""People together: who is online, the per-user channel, notifications, invitations."""
